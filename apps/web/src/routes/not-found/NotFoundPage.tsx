// * (SPEC §2): the not-found screen, with an illustration and the ways back in.
import { ROUTES } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { LinkList } from '../../components/LinkList.tsx';
import { Page } from '../../components/Page.tsx';
import { LostMap } from './LostMap.tsx';

export const NotFoundPage = () => {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('notFound.title')} heading={t('notFound.heading')}>
      <LostMap label={t('notFound.image')} />
      <p className="lead">{t('notFound.text')}</p>
      <LinkList
        className="checklist"
        links={[
          { to: ROUTES.eligibilityNational, label: t('notFound.eligibility') },
          { to: ROUTES.applyStart, label: t('notFound.apply') },
        ]}
      />
    </Page>
  );
};
