// What every page says about an application's fee (issue 27): while it is due, the amount, until
// when, and "Pay the fee" (which opens the provider's page, or says plainly why it could not);
// once paid, "Paid 25 NIS on <date>". Shared by the acknowledgement, the payment pages and /status.
import {
  formatDate,
  PAYMENT_EXPIRES_AFTER_DAYS,
  type PaymentRequest,
  paymentExpiresAt,
  STATUS_ROUTE,
} from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { goToPayment, type PaymentRefusal } from '../api/payment.ts';

/** Paying: opens the provider's page, or keeps why it could not. */
export const usePay = () => {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PaymentRefusal>();
  const pay = async (proof: PaymentRequest) => {
    setBusy(true);
    setProblem(undefined);
    const why = await goToPayment(proof);
    // On success the browser is leaving: the button stays busy until the provider's page opens.
    if (why) {
      setBusy(false);
      setProblem(why);
    }
    return why;
  };
  return { busy, problem, pay };
};

/** The ISO date by which an application sent at `submittedAt` must be paid. */
const payBy = (submittedAt: string | undefined) => {
  const sent = submittedAt ? new Date(submittedAt) : undefined;
  return sent && !Number.isNaN(sent.getTime())
    ? paymentExpiresAt(sent).toISOString().slice(0, 10)
    : undefined;
};

const PayButton = ({ busy, onPay }: { busy: boolean; onPay: () => void }) => {
  const { t } = useTranslation('payment');
  return (
    <p>
      <button
        type="button"
        className="button"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onPay();
        }}
      >
        {busy ? t('due.opening') : t('due.pay')}
      </button>
    </p>
  );
};

/** Why the provider's page did not open, in words, announced as it appears. */
const PayProblem = ({ problem }: { problem: PaymentRefusal | undefined }) => {
  const { t } = useTranslation('payment');
  return (
    <div aria-live="polite">
      {problem && (
        <Alert kind={problem === 'paid' ? 'success' : problem === 'notDue' ? 'info' : 'error'}>
          <p>{t(`problems.${problem}`)}</p>
        </Alert>
      )}
    </div>
  );
};

/** The fee is due: what, until when, and the button. */
export const FeeDue = ({
  amount,
  submittedAt,
  busy,
  problem,
  onPay,
}: {
  /** In shekels; unknown when the server's terms could not be read. */
  amount: number | undefined;
  /** When the application was sent, if known: the date to pay by. */
  submittedAt?: string;
  busy: boolean;
  problem: PaymentRefusal | undefined;
  /** Absent when this page cannot open the payment page: /status can, with the proof. */
  onPay?: () => void;
}) => {
  const { t, i18n } = useTranslation('payment');
  const by = payBy(submittedAt);
  return (
    <section className="fee-notice" aria-labelledby="fee-due-heading">
      <h2 id="fee-due-heading">{t('due.heading')}</h2>
      <p>{amount === undefined ? t('due.textNoAmount') : t('due.text', { amount })}</p>
      <p>
        {by
          ? t('due.deadline', {
              date: formatDate(by, i18n.language),
              days: PAYMENT_EXPIRES_AFTER_DAYS,
            })
          : t('due.deadlineUnknown', { days: PAYMENT_EXPIRES_AFTER_DAYS })}
      </p>
      <PayProblem problem={problem} />
      {problem !== 'paid' &&
        problem !== 'notDue' &&
        (onPay ? (
          <PayButton busy={busy} onPay={onPay} />
        ) : (
          <p>
            <Link to={STATUS_ROUTE}>{t('due.fromStatus')}</Link>
          </p>
        ))}
    </section>
  );
};

/** "Paid 25 NIS on 27 November 2026" (the provider's time of payment, as a calendar date). */
export const usePaidText = () => {
  const { t, i18n } = useTranslation('payment');
  return ({ amount, paidAt }: { amount: number; paidAt?: string }) =>
    paidAt
      ? t('paid', { amount, date: formatDate(paidAt.slice(0, 10), i18n.language) })
      : t('paidUndated', { amount });
};
