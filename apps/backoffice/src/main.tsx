// The back office starts: texts, then the session, then the screens.
import '../../web/src/styles.css';
import './office.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { initI18n } from './i18n.ts';
import { SessionProvider } from './session.tsx';

await initI18n();
const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <App />
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
