// Every route of SPEC §2, from the domain's table of pages (journey.ts). Each screen is its own
// chunk, loaded when first opened.
import { PAGES } from '@eta-il/domain';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary, ErrorScreen } from './components/ErrorScreen.tsx';
import { Layout } from './components/Layout.tsx';
import { RouteFallback } from './components/Loader.tsx';
import { lazyScreen } from './routes/screens.ts';
import { ScreenHydrated } from './session/hydration.ts';
import { SessionGuard } from './session/SessionGuard.tsx';
import { useSessionValue } from './session/storage.ts';
import { TermsGate } from './session/TermsGate.tsx';

// The session popups and their timers are not needed to show a first page.
const SessionTimers = lazy(() =>
  import('./session/SessionTimers.tsx').then((module) => ({ default: module.SessionTimers })),
);

/** Every page of the domain's table with its other spellings (paths match in any case). */
const routes: [string, ComponentType][] = [
  ...PAGES.flatMap((page) => {
    const Screen = lazyScreen(page.screen);
    return [page.route, ...page.aliases].map((path): [string, ComponentType] => [path, Screen]);
  }),
  ['/error', ErrorScreen],
  ['*', lazyScreen('not-found')],
];

/** The session popups, from the moment a session begins (and after it ends, to say so). */
const SessionPopups = () => {
  const begun = useSessionValue('sessionStart') !== null;
  const [armed, setArmed] = useState(begun);
  if (begun && !armed) setArmed(true);
  return armed ? (
    <Suspense fallback={null}>
      <SessionTimers />
    </Suspense>
  ) : null;
};

export const App = () => {
  const { pathname } = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<RouteFallback />}>
          <SessionGuard>
            <Routes>
              {routes.map(([path, Screen]) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Routes>
          </SessionGuard>
          <TermsGate />
          <SessionPopups />
          <ScreenHydrated />
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
};
