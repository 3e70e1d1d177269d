// The success screen (SPEC §2 "Success"): the request number kept in the session ('reqId'), or a
// way to start an application when there is none.
import { ROUTES } from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { useSessionValue } from '../../session/storage.ts';

export const SuccessPage = () => {
  const { t } = useTranslation('pages');
  const reqId = useSessionValue('reqId');
  if (!reqId) {
    return (
      <Page title={t('success.title')} heading={t('success.noRequest')}>
        <Link className="button" to={ROUTES.applyStart}>
          {t('success.start')}
        </Link>
      </Page>
    );
  }
  return (
    <Page title={t('success.title')} heading={t('success.heading')}>
      <Alert kind="success">
        <p>
          {t('success.number')} <strong className="request-number">{reqId}</strong>
        </p>
      </Alert>
    </Page>
  );
};
