import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

initI18n().then((i18n) => {
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
  // as a transition so that React yields to the browser between components (no long task).
  if (root.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
});
