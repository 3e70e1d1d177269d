// /apply-for-an-eta-il-1/ (SPEC §2): the application start and the session restart target. Says
// what the traveller needs before beginning and the facts of SPEC §1, then starts.
import {
  ANSWER_WITHIN_HOURS,
  AUTHORIZATION_VALIDITY_YEARS,
  MAX_STAY_DAYS,
  MAX_STAY_MONTHS,
  ROUTES,
} from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeeLine } from '../../components/fee.ts';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';

const NEEDS = ['passport', 'photo', 'email', 'time'] as const;

export const ApplyStartPage = () => {
  const { t } = useTranslation('apply', { keyPrefix: 'applyStart' });
  // The fee as the server states it; said once the server has answered (light first page), its
  // line holding its place, hidden, until then (no layout shift).
  const feeLine = useFeeLine();
  const facts = {
    validity: { years: AUTHORIZATION_VALIDITY_YEARS },
    stay: { days: MAX_STAY_DAYS, months: MAX_STAY_MONTHS },
    [feeLine.key]: { fee: feeLine.fee },
    answer: { hours: ANSWER_WITHIN_HOURS },
    border: {},
  };
  return (
    <Page heading={t('title')}>
      <p className="lead">{t('lead')}</p>
      <h2>{t('needTitle')}</h2>
      <p>{t('needIntro')}</p>
      <ul className="checklist">
        {NEEDS.map((need) => (
          <li key={need}>{t(`need.${need}`)}</li>
        ))}
      </ul>
      <h2>{t('aboutTitle')}</h2>
      <ul className="checklist">
        {Object.entries(facts).map(([fact, values]) => (
          <li key={fact} {...(fact === feeLine.key ? feeLine.held : {})}>
            {t(`about.${fact}`, values)}
          </li>
        ))}
      </ul>
      <NavBar actions={[{ label: t('start'), to: ROUTES.applicantStart, start: true }]} />
      <p className="section">
        {t('eligibility')} <Link to={ROUTES.eligibilityNational}>{t('eligibilityLink')}</Link>
      </p>
    </Page>
  );
};
