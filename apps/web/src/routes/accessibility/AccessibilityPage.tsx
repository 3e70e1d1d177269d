// /accessibility: the accessibility statement (the standard, how it is tested, known limitations,
// how to report a problem, the statement's date).
import { Trans, useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';

const STATEMENT_DATE = new Date(2026, 10, 22);
const TESTING = ['axe', 'keyboard', 'names', 'zoom'] as const;

export const AccessibilityPage = () => {
  const { t, i18n } = useTranslation('pages');
  const email = t('accessibility.email');
  // English dates read day first, as elsewhere in the service.
  const locale = i18n.language === 'en' ? 'en-GB' : i18n.language;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(STATEMENT_DATE);
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
        <Trans
          t={t}
          i18nKey="accessibility.report"
          values={{ email }}
          components={{ email: <a href={`mailto:${email}`}>{email}</a> }}
        />
      </p>
      <h2>{t('accessibility.dateHeading')}</h2>
      <p>{t('accessibility.date', { date })}</p>
    </Page>
  );
};
