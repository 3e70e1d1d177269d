// The frame of every page (@eta-il/ui): the service's name leading to the first question, the
// language switcher, the screen, the footer's links.
import { ROUTES } from '@eta-il/domain';
import { Frame, LanguageSwitcher, ServiceName } from '@eta-il/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES } from '../i18n/languages.ts';
import { afterScreenHydrated } from '../session/hydration.ts';
import { LinkList } from './LinkList.tsx';

export const Layout = ({ children }: { children: ReactNode }) => {
  const { t, i18n } = useTranslation('common');
  return (
    <Frame
      brand={
        <Link to={ROUTES.eligibilityNational} className="header__brand">
          <ServiceName />
        </Link>
      }
      tools={
        // The choice is remembered for the session (i18n/index.ts); switching keeps every value
        // typed: form values live in react-hook-form and the draft, not in the texts.
        <LanguageSwitcher
          id="language-switcher"
          languages={LANGUAGES}
          choose={(language) =>
            void afterScreenHydrated().then(() => i18n.changeLanguage(language))
          }
        />
      }
      footer={
        <>
          <LinkList
            className="footer__links"
            links={[
              { to: ROUTES.accessibility, label: t('footer.accessibility') },
              { to: ROUTES.visaOption, label: t('footer.visaOptions') },
            ]}
          />
          <p className="footer__note">{t('footer.note')}</p>
        </>
      }
    >
      {children}
    </Frame>
  );
};
