// /accessibility: the accessibility statement (the standard, how it is tested, known limitations,
// how to report a problem, the statement's date).
import { formatDate } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';

const STATEMENT_DATE = '2026-11-22';
const TESTING = ['axe', 'keyboard', 'names', 'zoom'] as const;

export const AccessibilityPage = () => {
  const { t, i18n } = useTranslation('pages');
  const email = t('accessibility.email');
  // The address is a link inside the sentence: split at its <email> tags (no <Trans> on a first page).
  const [before, link, after] = t('accessibility.report', { email }).split(/<\/?email>/);
  const date = formatDate(STATEMENT_DATE, i18n.language);
  return (
    <Page heading={t('accessibility.title')}>
      <p className="lead">{t('accessibility.intro')}</p>
      <h2>{t('accessibility.standardHeading')}</h2>
      <p>{t('accessibility.standard')}</p>
      <h2>{t('accessibility.testingHeading')}</h2>
      <ul className="checklist">
        {TESTING.map((key) => (
          <li key={key}>{t(`accessibility.testing.${key}`)}</li>
        ))}
      </ul>
      <h2>{t('accessibility.limitationsHeading')}</h2>
      <p>{t('accessibility.limitations')}</p>
      <h2>{t('accessibility.reportHeading')}</h2>
      <p>
        {before}
        <a href={`mailto:${email}`}>{link}</a>
        {after}
      </p>
      <h2>{t('accessibility.dateHeading')}</h2>
      <p>{t('accessibility.date', { date })}</p>
    </Page>
  );
};
