// A supervisor's decision on a review (offered only when the server says this supervisor may
// decide it): overturn, after a second look in a dialog (it approves and issues the
// authorization), or uphold with a written reason the domain's schema asks for before anything is
// sent.
import {
  REVIEW_REASON_MAX,
  type ReviewDecisionAnswer,
  UpholdReviewFormSchema,
  type UpholdReviewRequest,
} from '@eta-il/domain';
import { FieldErrorSummary } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Problem, useProblemText } from '../../components/Problem.tsx';
import { useSchemaForm } from '../../components/useSchemaForm.ts';
import { useCall } from '../../useCall.ts';
import { WordsField } from '../case/WordsField.tsx';

export const ReviewDecision = ({
  id,
  applicationNumber,
  onDone,
}: {
  id: string;
  applicationNumber: string;
  onDone: (outcome: ReviewDecisionAnswer['outcome']) => void;
}) => {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { busy, problem, setProblem, run } = useCall();
  const [confirming, setConfirming] = useState(false);
  const uphold = useSchemaForm(UpholdReviewFormSchema, {
    defaultValues: { reason: '' },
    ids: { reason: 'upholdReason' },
  });
  const decide = async (path: 'uphold' | 'overturn', body: object) => {
    await run(async () => {
      const answer = await call<ReviewDecisionAnswer>('POST', `reviews/${id}/${path}`, body);
      if (answer.status === 200) onDone(answer.data.outcome);
      else {
        const code = answer.data.code;
        setProblem(
          code && t(`reviews.errors.${code}`, { defaultValue: '' })
            ? t(`reviews.errors.${code}`)
            : problemText(answer.status, code),
        );
      }
    });
  };
  const submitUphold = uphold.form.handleSubmit(
    (body) => void decide('uphold', body satisfies UpholdReviewRequest),
  );
  return (
    <section className="section" aria-labelledby="review-decide-heading">
      <h2 id="review-decide-heading">{t('reviews.decideHeading')}</h2>
      <FieldErrorSummary errors={uphold.errors} />
      <Problem text={problem} />
      <section className="section office-action" aria-labelledby="overturn-heading">
        <h3 id="overturn-heading">{t('reviews.overturn')}</h3>
        <p>{t('reviews.overturnHint')}</p>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t('reviews.overturn')}
        </button>
      </section>
      <section className="section office-action" aria-labelledby="uphold-heading">
        <h3 id="uphold-heading">{t('reviews.uphold')}</h3>
        <p>{t('reviews.upholdHint')}</p>
        <form noValidate onSubmit={(e) => void submitUphold(e)}>
          <WordsField
            name="upholdReason"
            label={t('reviews.upholdReason')}
            hint={t('reviews.upholdReasonHint')}
            error={uphold.errorOf('reason')}
            rows={4}
            maxLength={REVIEW_REASON_MAX}
            registration={uphold.form.register('reason')}
          />
          <button type="submit" className="button button--warning" disabled={busy}>
            {t('reviews.uphold')}
          </button>
        </form>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('reviews.overturnTitle')}
        confirm={t('reviews.overturnFinal')}
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          void decide('overturn', {});
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('reviews.overturnText', { number: applicationNumber })}</p>
        <p>
          <strong>{t('reviews.cannotUndo')}</strong>
        </p>
      </ConfirmDialog>
    </section>
  );
};
