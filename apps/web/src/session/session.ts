// The session of SPEC §4: a start time; active while under 60 minutes have passed; a first
// popup at 30 minutes; ended (storage wiped) after a further 30 minutes without an answer.
import { blankDraft, ROUTES } from '@eta-il/domain';
import { clearSession, readSession, writeJson, writeSession } from './storage.ts';

/** First path segments where the session guard and the terms gate do not apply. */
const GUARD_EXEMPT = [
  'eligibilitynational',
  'eligibilitymainpurpose',
  'eligibilityresult',
  'thankyou',
];
/** Information pages that need no application session (docs/decisions/004-session-scope.md). */
const INFORMATION_PAGES = [
  'visa-option',
  'vias-option',
  'accessibility',
  'backoffice',
  'll',
  'success',
  // The link to a saved application: its code begins the session (decision 033).
  'resume',
  // The payment provider's way back (issue 27): the application is sent, its session is over.
  'payment',
];
const ELIGIBILITY = GUARD_EXEMPT.slice(0, 3);

const firstSegment = (path: string) => path.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';

/** The app's own pages; any other address is the not-found page, outside session and terms. */
const KNOWN_PAGES = Object.values(ROUTES).map(firstSegment);

export const isGuardExempt = (path: string) =>
  !KNOWN_PAGES.includes(firstSegment(path)) ||
  [...GUARD_EXEMPT, ...INFORMATION_PAGES].includes(firstSegment(path));

/** The terms gate shows on every page but the eligibility ones (and information pages). */
export const needsTermsGate = (path: string) =>
  KNOWN_PAGES.includes(firstSegment(path)) &&
  ![...ELIGIBILITY, ...INFORMATION_PAGES, 'thankyou'].includes(firstSegment(path));

export const sessionStartedAt = (): number | undefined => {
  const stored = readSession('sessionStart');
  const time = stored ? Date.parse(stored) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
};

/** Begins a new session with a blank draft. */
export const beginSession = (now = Date.now()) => {
  writeSession('sessionStart', new Date(now).toISOString());
  writeJson('jsonForm', blankDraft());
};

/** Ends the session (storage wiped) and begins a new one. */
export const restartSession = (now = Date.now()) => {
  clearSession();
  beginSession(now);
};

export const RESTART_ROUTE = ROUTES.applyStart;
