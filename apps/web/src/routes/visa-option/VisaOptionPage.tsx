// /visa-option and /vias-option (SPEC §2): who needs a visa instead of ETA-IL, how to apply,
// where Palestinian Authority residents go, and who is exempt. The link target of blocking alerts.
import { MAX_STAY_DAYS, MAX_STAY_MONTHS, ROUTES } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';

/**
 * The line that names each main purpose ETA-IL does not cover (`isIneligibleMainPurpose`: the
 * eligibility check and the travel step refuse them), by entry-reason code: the page's test holds
 * this list to the reference data, so the page and the rule cannot disagree (decision 037).
 */
export const VISA_PURPOSES = { 4: 'work', 11: 'study', 12: 'volunteer' } as const;

const WHO = [...Object.values(VISA_PURPOSES), 'long', 'nationality', 'passport'] as const;
const HOW = ['embassy', 'contact', 'time'] as const;
const EXEMPT = ['israeli', 'diplomats'] as const;

export const VisaOptionPage = () => {
  const { t } = useTranslation('pages');
  const list = (group: string, keys: readonly string[]) => (
    <ul className="checklist">
      {keys.map((key) => (
        <li key={key}>
          {t(`visaOption.${group}.${key}`, { days: MAX_STAY_DAYS, months: MAX_STAY_MONTHS })}
        </li>
      ))}
    </ul>
  );
  return (
    <Page heading={t('visaOption.title')}>
      <p className="lead">{t('visaOption.intro')}</p>
      <h2>{t('visaOption.whoHeading')}</h2>
      {list('who', WHO)}
      <h2>{t('visaOption.howHeading')}</h2>
      {list('how', HOW)}
      <h2>{t('visaOption.palestinianHeading')}</h2>
      <p>{t('visaOption.palestinian')}</p>
      <h2>{t('visaOption.exemptHeading')}</h2>
      {list('exempt', EXEMPT)}
      <p className="section">
        <Link to={ROUTES.eligibilityNational}>{t('visaOption.back')}</Link>
      </p>
    </Page>
  );
};
