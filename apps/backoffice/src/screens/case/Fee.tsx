// The fee of the case (issue 27 item 5): waived, waiting, or each payment taken with its refund;
// and, for a supervisor while it is paid, "Refund the fee" with a required reason, asked once more
// in a dialog because money goes back and the traveller is e-mailed. Everyone else reads only.
import {
  type CaseFee,
  FEE_REFUND_REASON_MAX,
  RefundFormSchema,
  type RefundRequest,
} from '@eta-il/domain';
import { FieldErrorSummary } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Problem } from '../../components/Problem.tsx';
import { Rows } from '../../components/Rows.tsx';
import { useSchemaForm } from '../../components/useSchemaForm.ts';
import { dateTime } from '../../format.ts';
import { type Outcome, useCaseAction } from './useCaseAction.ts';
import { WordsField } from './WordsField.tsx';

const money = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);

const PaymentRows = ({ payment }: { payment: CaseFee['payments'][number] }) => {
  const { t, i18n } = useTranslation();
  const { refund } = payment;
  return (
    <Rows
      rows={[
        {
          key: 'status',
          label: t('fee.status'),
          value: t(refund ? (refund.pending ? 'fee.refundPending' : 'fee.refunded') : 'fee.paid'),
        },
        {
          key: 'amount',
          label: t('fee.amount'),
          value: money(payment.amount, payment.currency, i18n.language),
        },
        { key: 'paidAt', label: t('fee.paidAt'), value: dateTime(payment.paidAt, i18n.language) },
        {
          key: 'providerRef',
          label: t('fee.providerRef'),
          value: payment.providerRef ? <bdi dir="ltr">{payment.providerRef}</bdi> : '',
        },
        ...(refund
          ? [
              {
                key: 'refundedAt',
                label: t('fee.refundedAt'),
                value: dateTime(refund.at, i18n.language),
              },
              {
                key: 'refundedBy',
                label: t('fee.refundedBy'),
                value: refund.byEmail ? <bdi dir="ltr">{refund.byEmail}</bdi> : t('fee.automatic'),
              },
              {
                key: 'refundReason',
                label: t('fee.reason'),
                value: (
                  <span className="office-pre" dir="auto">
                    {refund.byEmail
                      ? refund.reason
                      : t(`fee.reasons.${refund.reason}`, { defaultValue: refund.reason })}
                  </span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
};

const RefundForm = ({ caseId, fee, onDone }: { caseId: string; fee: CaseFee; onDone: Outcome }) => {
  const { t, i18n } = useTranslation();
  const refundForm = useSchemaForm(RefundFormSchema, {
    defaultValues: { reason: '' },
    ids: { reason: 'refundReason' },
  });
  // What the dialog is about to send, once the form is right.
  const [confirming, setConfirming] = useState<RefundRequest>();
  const { act, busy, problem } = useCaseAction(caseId, onDone);
  const paid = fee.payments.find((p) => p.status === 'paid' && p.refund === null);

  const ask = refundForm.form.handleSubmit((body) => setConfirming(body satisfies RefundRequest));
  const refund = (body: RefundRequest) => {
    setConfirming(undefined);
    void act('refund', body, 'refunded');
  };

  return (
    <section className="section office-action" aria-labelledby="refund-heading">
      <h3 id="refund-heading">{t('fee.refund')}</h3>
      <p>{t('fee.refundHint', { count: fee.covers.length })}</p>
      <FieldErrorSummary errors={refundForm.errors} />
      <Problem text={problem} />
      <form noValidate onSubmit={(e) => void ask(e)}>
        <WordsField
          name="refundReason"
          label={t('fee.reason')}
          hint={t('fee.reasonHint', { max: FEE_REFUND_REASON_MAX })}
          error={refundForm.errorOf('reason')}
          maxLength={FEE_REFUND_REASON_MAX}
          registration={refundForm.form.register('reason')}
        />
        <button type="submit" className="button button--warning" disabled={busy}>
          {t('fee.refund')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('fee.confirmTitle')}
        confirm={t('fee.confirmFinal')}
        onConfirm={() => {
          if (confirming) refund(confirming);
        }}
        onCancel={() => setConfirming(undefined)}
      >
        <p>
          {t('fee.confirmText', {
            amount: paid ? money(paid.amount, paid.currency, i18n.language) : '',
          })}{' '}
          <bdi dir="ltr">{fee.covers.join(', ')}</bdi>
        </p>
        <p>
          <strong>{t('fee.cannotUndo')}</strong>
        </p>
      </ConfirmDialog>
    </section>
  );
};

export const Fee = ({
  caseId,
  fee,
  mayRefund,
  onDone,
}: {
  caseId: string;
  fee: CaseFee;
  mayRefund: boolean;
  onDone: Outcome;
}) => {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="fee-heading">
      <h2 id="fee-heading">{t('fee.title')}</h2>
      {fee.reference === null ? (
        <p>{t('fee.waived')}</p>
      ) : (
        <>
          <p>
            {t('fee.covers', { count: fee.covers.length })}{' '}
            <bdi dir="ltr">{fee.covers.join(', ')}</bdi>
          </p>
          {fee.payments.length === 0 && <p>{t('fee.notPaid')}</p>}
          {fee.payments.map((payment) => (
            <PaymentRows key={payment.id} payment={payment} />
          ))}
        </>
      )}
      {mayRefund && <RefundForm caseId={caseId} fee={fee} onDone={onDone} />}
    </section>
  );
};
