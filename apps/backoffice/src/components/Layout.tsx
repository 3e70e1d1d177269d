// The frame of every screen (@eta-il/ui): the service's name, the language choice, the navigation
// the role may use and sign-out; the screen with its title in <main>.
import { Frame, LanguageSwitcher, ServiceName } from '@eta-il/ui';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { OFFICE_LANGUAGES } from '../i18n.ts';
import { useSession } from '../session.tsx';

const NAV = [
  { to: '/', key: 'queue', roles: ['officer', 'supervisor'] },
  { to: '/contact-requests', key: 'contactRequests', roles: ['officer', 'supervisor', 'auditor'] },
  { to: '/reviews', key: 'reviews', roles: ['supervisor'] },
  { to: '/search', key: 'search', roles: ['supervisor', 'auditor'] },
  { to: '/dashboard', key: 'dashboard', roles: ['supervisor'] },
  { to: '/audit', key: 'audit', roles: ['auditor'] },
  { to: '/carrier-checks', key: 'carrierChecks', roles: ['auditor'] },
  { to: '/staff', key: 'staff', roles: ['admin'] },
  { to: '/carriers', key: 'carriers', roles: ['admin'] },
] as const;

export const Layout = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const { staff, signOut } = useSession();
  useEffect(() => {
    document.title = `${title} – ${t('serviceName')}`;
  }, [title, t]);
  return (
    <Frame
      brand={
        <span className="header__brand">
          <ServiceName />
        </span>
      }
      tools={<LanguageSwitcher id="office-language" languages={OFFICE_LANGUAGES} />}
      belowHeader={
        staff && (
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
        )
      }
    >
      <div className="page page--wide">
        <h1 className="page__heading">{title}</h1>
        {children}
      </div>
    </Frame>
  );
};
