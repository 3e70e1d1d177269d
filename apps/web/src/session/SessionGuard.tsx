// SPEC §4 "Session": on opening a page outside the exempt routes with no session, one begins and
// the traveller goes to the application start; a screen opened before the steps it depends on
// are done sends them to the first unfinished step (the domain's journey declaration). Checked
// on navigation, not on every storage change, so an ending session can show its popup.
import { allowedRoute, ROUTES } from '@eta-il/domain';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readDraft } from './draft.ts';
import { beginSession, isGuardExempt, RESTART_ROUTE, sessionStartedAt } from './session.ts';
import { readSession } from './storage.ts';

const same = (a: string, b: string) =>
  a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/** Where a traveller opening `path` must go instead, if anywhere. */
const guardRedirect = (path: string): string | undefined => {
  if (isGuardExempt(path)) return undefined;
  if (sessionStartedAt() === undefined) {
    beginSession();
    return same(path, RESTART_ROUTE) ? undefined : RESTART_ROUTE;
  }
  // The start form begins the application afresh, so it is always open.
  if (same(path, ROUTES.forms) || path === ROUTES.home) return undefined;
  const allowed = allowedRoute(path, {
    draft: readDraft(),
    verified: readSession('auth-token') !== null,
  });
  return same(allowed, path) ? undefined : allowed;
};

/**
 * Pages the guard never turns away (exempt ones, and the restart target it sends travellers
 * to): shown at once, so a prerendered page hydrates with its content.
 */
const opensAtOnce = (path: string) => isGuardExempt(path) || same(path, RESTART_ROUTE);

export const SessionGuard = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const [checked, setChecked] = useState<
    { path: string; redirect: string | undefined } | undefined
  >(() => (opensAtOnce(pathname) ? { path: pathname, redirect: undefined } : undefined));
  useLayoutEffect(() => {
    setChecked({ path: pathname, redirect: guardRedirect(pathname) });
  }, [pathname]);
  if (checked?.path !== pathname) return null;
  if (checked.redirect) return <Navigate to={checked.redirect} replace />;
  return children;
};
