// The frame of every screen: skip link, header with the service, the navigation the role may
// use, the language choice and sign-out; the screen in <main>.
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { OFFICE_LANGUAGES } from '../i18n.ts';
import { useSession } from '../session.tsx';

const NAV = [
  { to: '/', key: 'queue', roles: ['officer', 'supervisor'] },
  { to: '/search', key: 'search', roles: ['supervisor', 'auditor'] },
  { to: '/dashboard', key: 'dashboard', roles: ['supervisor'] },
  { to: '/audit', key: 'audit', roles: ['auditor'] },
  { to: '/carrier-checks', key: 'carrierChecks', roles: ['auditor'] },
  { to: '/staff', key: 'staff', roles: ['admin'] },
  { to: '/carriers', key: 'carriers', roles: ['admin'] },
] as const;

export const Layout = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t, i18n } = useTranslation();
  const { staff, signOut } = useSession();
  useEffect(() => {
    document.title = `${title} – ${t('serviceName')}`;
  }, [title, t]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <span className="header__brand">
            <span className="header__state">{t('stateOfIsrael')}</span>
            <span className="header__service">{t('serviceName')}</span>
          </span>
          <div className="office-header__tools">
            <label className="language-switcher__label" htmlFor="office-language">
              {t('language')}
            </label>
            <select
              id="office-language"
              className="select select--compact"
              value={i18n.language}
              onChange={(event) => void i18n.changeLanguage(event.target.value)}
            >
              {OFFICE_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {staff && (
          <nav className="office-nav" aria-label={t('nav.label')}>
            <ul>
              {NAV.filter((n) => (n.roles as readonly string[]).includes(staff.role)).map((n) => (
                <li key={n.to}>
                  <NavLink to={n.to} end>
                    {t(`nav.${n.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="office-nav__who">
              {t('signedInAs', { email: staff.email, role: t(`roles.${staff.role}`) })}
            </p>
            <button type="button" className="link-button" onClick={() => void signOut()}>
              {t('signOut')}
            </button>
          </nav>
        )}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <div className="page page--wide">
          <h1 className="page__heading">{title}</h1>
          {children}
        </div>
      </main>
    </>
  );
};
