// /ll (SPEC §2): the full-screen loading indicator on its own, under a heading for screen readers.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../components/documentTitle.ts';
import { FullScreenLoader } from '../../components/Loader.tsx';

export const LoadingPage = () => {
  const { t } = useTranslation(['pages', 'common']);
  const title = t('pages:loading.title');
  useEffect(() => {
    setPageTitle(`${title} – ${t('common:serviceName')}`);
  }, [title, t]);
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      <FullScreenLoader />
    </>
  );
};
