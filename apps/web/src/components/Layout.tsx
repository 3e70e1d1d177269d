// The frame of every page: skip link, header with the service name and language switcher, the
// screen, footer links.
import { ROUTES } from '@eta-il/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LinkList } from './LinkList.tsx';

export const Layout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('common');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to={ROUTES.eligibilityNational} className="header__brand">
            <span className="header__state">{t('stateOfIsrael')}</span>
            <span className="header__service">{t('serviceName')}</span>
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <div className="footer__inner">
          <LinkList
            className="footer__links"
            links={[
              { to: ROUTES.accessibility, label: t('footer.accessibility') },
              { to: ROUTES.visaOption, label: t('footer.visaOptions') },
            ]}
          />
          <p className="footer__note">{t('footer.note')}</p>
        </div>
      </footer>
    </>
  );
};
