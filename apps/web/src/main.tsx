import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

/**
 * A language the reader chose in the prerendered page's switcher before this script ran (it loads
 * after the first paint): the page is then rendered afresh in that language, not hydrated, since
 * its texts no longer match the HTML.
 */
const languageChosenBeforeScript = () => {
  const select = document.getElementById('language-switcher');
  return select instanceof HTMLSelectElement && select.value !== document.documentElement.lang
    ? select.value
    : undefined;
};

initI18n().then(async (i18n) => {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </BrowserRouter>
    </StrictMode>
  );
  // An entry page arrives prerendered (apps/web/src/prerender): the same components take it over,
  // as a transition, so that React yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a phone can read and scroll the HTML meanwhile). A language
  // switched meanwhile waits until the screen has hydrated (LanguageSwitcher, afterScreenHydrated):
  // changed texts React has not yet matched with the HTML would not match.
  const chosen = root.hasChildNodes() ? languageChosenBeforeScript() : undefined;
  if (chosen) {
    await i18n.changeLanguage(chosen);
    root.replaceChildren();
  }
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
