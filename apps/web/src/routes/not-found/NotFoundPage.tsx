// * (SPEC §2): the not-found screen, with an illustration and the ways back in.
import { ROUTES } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { LostMap } from './LostMap.tsx';

export const NotFoundPage = () => {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('notFound.title')} heading={t('notFound.heading')}>
      <LostMap label={t('notFound.image')} />
      <p className="lead">{t('notFound.text')}</p>
      <ul className="checklist">
        <li>
          <Link to={ROUTES.eligibilityNational}>{t('notFound.eligibility')}</Link>
        </li>
        <li>
          <Link to={ROUTES.applyStart}>{t('notFound.apply')}</Link>
        </li>
      </ul>
    </Page>
  );
};
