// The answer of /status in words: the state, when it changed, and by state the validity and the
// document, the reasons and the way to a visa, the officer's question to answer, or the way to
// withdraw or to correct details; while the fee is due, the amount and "Pay the fee" (issue 27),
// and once paid, what was paid and when; refused, the last day to ask for a review and the form
// to ask (issue 30), and once asked, what happens next; while reminders before the authorization
// ends are on, the way to stop them (issue 31).
import {
  asksTraveller,
  awaitsPayment,
  formatDate,
  isAuthorizationDenied,
  isAuthorized,
  isCorrectable,
  isWithdrawable,
  PAYMENT_EXPIRES_AFTER_DAYS,
  RECEIVED_STATE,
  ROUTES,
  type StatusAnswer,
} from '@eta-il/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { keepPaymentProof } from '../../api/payment.ts';
import { FeeDue, usePaidText, usePay } from '../../components/FeeNotice.tsx';
import { formatMoment } from '../../components/moment.ts';
import { AnswerPanel, AnswerSent } from './AnswerPanel.tsx';
import { RemindersPanel, RemindersStopped } from './RemindersPanel.tsx';
import type { Identity } from './statusApi.ts';
import { WithdrawPanel } from './WithdrawPanel.tsx';

// With the domain's field rules (zod): loaded with an answer, never on the first page.
const CorrectionPanel = lazy(() =>
  import('./CorrectionPanel.tsx').then((m) => ({ default: m.CorrectionPanel })),
);

// Shown to a refused traveller only (issue 30): loaded with such an answer, never on the first page.
const ReviewPanel = lazy(() =>
  import('./ReviewPanel.tsx').then((m) => ({ default: m.ReviewPanel })),
);
// Shown to an approved traveller only (issue 31): with the country list, never on the first page.
const NewPassportPanel = lazy(() =>
  import('./NewPassportPanel.tsx').then((m) => ({ default: m.NewPassportPanel })),
);
const ReviewSent = lazy(() => import('./ReviewPanel.tsx').then((m) => ({ default: m.ReviewSent })));

// The fee's texts (the `payment` namespace) load when first shown, without blanking the page.
const PaidText = (paid: { amount: number; paidAt: string }) => <>{usePaidText()(paid)}</>;

const PayFee = ({ amount, identity }: { amount: number | undefined; identity: Identity }) => {
  const { busy, problem, pay } = usePay();
  return (
    <FeeDue
      amount={amount}
      busy={busy}
      problem={problem}
      onPay={() => {
        // The cancel page can offer to pay again with the same proof.
        keepPaymentProof({ ...identity, offered: true });
        void pay(identity);
      }}
    />
  );
};

export const StatusResult = ({
  report,
  identity,
  onChanged,
}: {
  report: StatusAnswer;
  identity: Identity;
  onChanged: () => void;
}) => {
  const { t, i18n } = useTranslation('status');
  // The answer just sent, confirmed while the page reads the new state.
  const [sentAnswer, setSentAnswer] = useState<string>();
  const [reviewSent, setReviewSent] = useState(false);
  const [remindersStopped, setRemindersStopped] = useState(false);
  const { payment } = report;
  // The domain's predicates allow nothing in a state this app does not know.
  const unpaid = awaitsPayment(report.status);
  // A state this app has no words for reads as received (paid, not decided yet).
  const known = t(`states.${report.status}.name`, { defaultValue: '' }) !== '';
  const state = known ? report.status : RECEIVED_STATE;
  const updated = formatMoment(report.updatedAt, i18n.language);
  return (
    <section className="section" aria-labelledby="status-result-heading">
      <h2 id="status-result-heading">{t('resultHeading')}</h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">{t('status')}</dt>
          <dd className="summary-list__value" data-state={report.status}>
            {t(`states.${state}.name`)}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">{t('updatedAt')}</dt>
          <dd className="summary-list__value">{updated}</dd>
        </div>
        {payment?.paidAt && (
          <div className="summary-list__row">
            <dt className="summary-list__key">{t('fee')}</dt>
            <dd className="summary-list__value">
              <Suspense fallback={null}>
                <PaidText amount={payment.amount} paidAt={payment.paidAt} />
              </Suspense>
            </dd>
          </div>
        )}
        {report.validUntil && (
          <div className="summary-list__row">
            <dt className="summary-list__key">{t('validUntil')}</dt>
            <dd className="summary-list__value">{formatDate(report.validUntil, i18n.language)}</dd>
          </div>
        )}
      </dl>
      <p>{t(`states.${state}.explanation`, { days: PAYMENT_EXPIRES_AFTER_DAYS })}</p>
      {unpaid && (
        <Suspense fallback={null}>
          <PayFee amount={payment?.amount} identity={identity} />
        </Suspense>
      )}
      {report.reasons && report.reasons.length > 0 && (
        <>
          <h3>{t(isAuthorizationDenied(report.status) ? 'reasonsRefused' : 'reasonsAsked')}</h3>
          <ul className="checklist">
            {report.reasons.map((reason) => (
              <li key={reason.code}>{reason.text}</li>
            ))}
          </ul>
        </>
      )}
      <Suspense fallback={null}>
        {reviewSent && <ReviewSent />}
        {report.reviewUntil && !reviewSent && (
          <ReviewPanel
            identity={identity}
            reviewUntil={report.reviewUntil}
            onRequested={() => {
              setReviewSent(true);
              onChanged();
            }}
          />
        )}
      </Suspense>
      {isAuthorizationDenied(report.status) && (
        <p>
          <Link to={ROUTES.visaOption}>{t('visaLink')}</Link>
        </p>
      )}
      {report.documentUrl && (
        <p>
          <a className="button" href={report.documentUrl} download>
            {t('download')}
          </a>
        </p>
      )}
      {isAuthorized(report.status) && (
        <Suspense fallback={null}>
          <NewPassportPanel identity={identity} />
        </Suspense>
      )}
      {sentAnswer !== undefined && <AnswerSent answer={sentAnswer} />}
      {asksTraveller(report.status) && report.question && sentAnswer === undefined && (
        <AnswerPanel
          question={report.question}
          identity={identity}
          onAnswered={(answer) => {
            setSentAnswer(answer);
            onChanged();
          }}
        />
      )}
      {isCorrectable(report.status) && (
        <Suspense fallback={null}>
          <CorrectionPanel identity={identity} />
        </Suspense>
      )}
      {remindersStopped && <RemindersStopped />}
      {report.reminders && !remindersStopped && (
        <RemindersPanel
          identity={identity}
          onStopped={() => {
            setRemindersStopped(true);
            onChanged();
          }}
        />
      )}
      {isWithdrawable(report.status) && (
        <WithdrawPanel identity={identity} onWithdrawn={onChanged} />
      )}
    </section>
  );
};
