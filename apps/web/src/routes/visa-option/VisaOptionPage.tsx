// /visa-option and /vias-option (SPEC §2): who needs a visa instead of ETA-IL, how to apply,
// where Palestinian Authority residents go, and who is exempt. The link target of blocking alerts.
import { MAX_STAY_DAYS, MAX_STAY_MONTHS, ROUTES } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';

const WHO = ['work', 'study', 'long', 'nationality', 'passport'] as const;
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
