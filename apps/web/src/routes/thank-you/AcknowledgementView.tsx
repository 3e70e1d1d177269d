// The acknowledgement (SPEC §2 "Thank you"): the first name, the email sent, the applicant, the
// application number, status 'Checking application', approval 'Pending', what happens next, Print
// and 'Start a new application'. While the fee is due (issue 27) the status says so and the fee's
// notice comes first; once paid, a row says what was paid and when.
import { ANSWER_WITHIN_HOURS, ROUTES, STATUS_ROUTE } from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';
import { forgetReferenceData } from '../../session/reference.ts';
import { restartSession } from '../../session/session.ts';
import type { Acknowledgement } from './submission.ts';

const PrintIcon = () => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="currentColor"
  >
    <path d="M6 2h12v5H6zM4 8h16a2 2 0 0 1 2 2v6h-4v5H6v-5H2v-6a2 2 0 0 1 2-2zm4 8v3h8v-3zm10-5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" />
  </svg>
);

const Rows = ({
  className,
  rows,
}: {
  className: string;
  rows: { key: string; label: string; value: string }[];
}) => (
  <dl className={`summary-list ${className}`}>
    {rows.map((row) => (
      <div className="summary-list__row" key={row.key}>
        <dt className="summary-list__key">{row.label}</dt>
        <dd className="summary-list__value">{row.value}</dd>
      </div>
    ))}
  </dl>
);

export const AcknowledgementView = ({
  acknowledgement: ack,
  feeDue,
  paid,
}: {
  acknowledgement: Acknowledgement;
  /** The fee is still to be paid: its notice and button. */
  feeDue?: ReactNode;
  /** "Paid 25 NIS on …". */
  paid?: string;
}) => {
  const { t } = useTranslation('thankyou');
  const navigate = useNavigate();
  const name = (person: { firstName: string; familyName: string }) =>
    t('fullName', { firstName: person.firstName, familyName: person.familyName });
  const rows = [
    { key: 'applicantName', label: t('applicantName'), value: name(ack) },
    { key: 'applicationNumber', label: t('applicationNumber'), value: ack.ReqNum },
    { key: 'status', label: t('status'), value: t(feeDue ? 'statusValueUnpaid' : 'statusValue') },
    { key: 'approval', label: t('approval'), value: t('approvalValue') },
    ...(paid ? [{ key: 'fee', label: t('fee'), value: paid }] : []),
  ];
  // A group: each traveller's own number (the one to check a status with).
  const numbers = ack.applications?.map((a) => ({
    key: a.ReqNum,
    label: name(a),
    value: a.ReqNum,
  }));
  return (
    <Page title={t('title')} heading={t('heading', { firstName: ack.firstName })}>
      <Alert kind="success">
        <p className="acknowledgement__email">{t('emailSent', { email: ack.emailAddress })}</p>
      </Alert>
      {feeDue}
      <h2>{t('details')}</h2>
      <Rows className="acknowledgement__list" rows={rows} />
      {numbers && (
        <>
          <h2>{t('numbers')}</h2>
          <p>{t('numbersIntro')}</p>
          <Rows className="acknowledgement__numbers" rows={numbers} />
        </>
      )}
      {/* The group's reference ties the family's applications together; /status takes each
          traveller's own number, so it is told apart from them (decision 039). */}
      {ack.groupNum && (
        <>
          <Rows
            className="acknowledgement__group"
            rows={[{ key: 'group', label: t('groupReference'), value: ack.groupNum }]}
          />
          <p>{t('groupReferenceNote')}</p>
        </>
      )}
      <p className="section">{t('noEtaYet', { hours: ANSWER_WITHIN_HOURS })}</p>
      <p>
        <strong>{t('noPlans')}</strong>
      </p>
      <p>
        <Link to={`${STATUS_ROUTE}?applicationNumber=${encodeURIComponent(ack.ReqNum)}`}>
          {t('statusLink')}
        </Link>
      </p>
      <NavBar
        actions={[
          {
            label: t('print'),
            icon: <PrintIcon />,
            secondary: true,
            onClick: () => window.print(),
          },
          {
            label: t('startNew'),
            onClick: () => {
              restartSession();
              forgetReferenceData();
              navigate(ROUTES.applyStart);
            },
          },
        ]}
      />
    </Page>
  );
};
