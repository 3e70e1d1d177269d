// /backoffice (SPEC §2): shows 'Loadding.....' and sends the browser to the configured
// back-office address (GET /api/config); if that fails, the error screen.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../api/calls.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { Page } from '../../components/Page.tsx';

export const BackofficePage = () => {
  const { t } = useTranslation('pages');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    getConfig().then(
      ({ backofficeUrl }) => {
        if (current) window.location.assign(backofficeUrl);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  if (failed) return <ErrorScreen />;
  return (
    <Page heading={t('backoffice.title')}>
      <p className="loading-line" role="status">
        <span className="spinner__wheel" aria-hidden="true" />
        {t('backoffice.loading')}
      </p>
    </Page>
  );
};
