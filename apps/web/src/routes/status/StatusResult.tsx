// The answer of /status in words: the state, when it changed, and by state the validity and the
// document, the reasons and the way to a visa, the officer's question to answer, or the way to
// withdraw or to correct details.
import { formatDate, isAuthorizationDenied, ROUTES } from '@eta-il/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoment } from '../../components/moment.ts';
import { AnswerPanel, AnswerSent } from './AnswerPanel.tsx';
import type { Identity, StatusReport } from './statusApi.ts';
import { WithdrawPanel } from './WithdrawPanel.tsx';

// With the domain's field rules (zod): loaded with an answer, never on the first page.
const CorrectionPanel = lazy(() =>
  import('./CorrectionPanel.tsx').then((m) => ({ default: m.CorrectionPanel })),
);

const UNDECIDED = ['submitted', 'screening', 'in_review', 'info_requested'];

export const StatusResult = ({
  report,
  identity,
  onChanged,
}: {
  report: StatusReport;
  identity: Identity;
  onChanged: () => void;
}) => {
  const { t, i18n } = useTranslation('status');
  // The answer just sent, confirmed while the page reads the new state.
  const [sentAnswer, setSentAnswer] = useState<string>();
  const known = t(`states.${report.status}.name`, { defaultValue: '' }) !== '';
  const state = known ? report.status : 'submitted';
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
        {report.validUntil && (
          <div className="summary-list__row">
            <dt className="summary-list__key">{t('validUntil')}</dt>
            <dd className="summary-list__value">{formatDate(report.validUntil, i18n.language)}</dd>
          </div>
        )}
      </dl>
      <p>{t(`states.${state}.explanation`)}</p>
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
      {sentAnswer !== undefined && <AnswerSent answer={sentAnswer} />}
      {report.status === 'info_requested' && report.question && sentAnswer === undefined && (
        <AnswerPanel
          question={report.question}
          identity={identity}
          onAnswered={(answer) => {
            setSentAnswer(answer);
            onChanged();
          }}
        />
      )}
      {UNDECIDED.includes(report.status) && (
        <>
          <Suspense fallback={null}>
            <CorrectionPanel identity={identity} />
          </Suspense>
          <WithdrawPanel identity={identity} onWithdrawn={onChanged} />
        </>
      )}
    </section>
  );
};
