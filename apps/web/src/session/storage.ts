// Session storage under SPEC §3's names, with a subscription so React re-renders on change.
import { useSyncExternalStore } from 'react';

export type SessionKey =
  | 'sessionStart'
  | 'emailAddress'
  | 'auth-token'
  | 'jsonForm'
  | 'traveller'
  | 'timestampcode'
  | 'reqId'
  | 'national'
  | 'mainPurpose'
  | 'dataTravelInfo'
  | 'dataPassportDetails'
  | 'confirmations'
  | 'editing'
  | 'submissionKey'
  | 'acknowledgement'
  /** The sent application's proof, to pay its fee with (issue 27). */
  | 'paymentProof'
  | 'warningAnswered'
  /** A resumed application's values as typed on the step it was saved from (decision 033). */
  | 'resumeValues'
  /** '1' when the review's "E-mail me before my authorization expires" is ticked (issue 31). */
  | 'reminderConsent'
  /** Why a renewal's step is empty (issue 31, decision 057): RenewalNotice[]. */
  | 'renewalNotices'
  | ReferenceCacheKey;

/** Reference lists cached after GET /api/getalldata (SPEC §3 "Reference lists"). */
export type ReferenceCacheKey =
  | 'purposestay'
  | 'allCountry'
  | 'lengthofstay'
  | 'contentTravelDocumentType'
  | 'gender'
  | 'maritalstatus'
  | 'occupation';

/**
 * Kept when a session ends: a reader's language is not part of an application. Everything else,
 * the eligibility answers included, goes (docs/decisions/004-session-scope.md).
 */
const SURVIVES_SESSION_END = ['language'];

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** No session storage while the build prerenders a page: every value reads as absent. */
const storage = (): Storage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

export const readSession = (key: SessionKey): string | null => storage()?.getItem(key) ?? null;

export const writeSession = (key: SessionKey, value: string | null) => {
  if (value === null) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, value);
  notify();
};

export const readJson = <T>(key: SessionKey): T | undefined => {
  const raw = readSession(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
};

export const writeJson = (key: SessionKey, value: unknown) =>
  writeSession(key, JSON.stringify(value));

/** Wipes the session's storage (SPEC §4 "the session ends"). */
export const clearSession = () => {
  for (const key of Object.keys(sessionStorage)) {
    if (!SURVIVES_SESSION_END.includes(key)) sessionStorage.removeItem(key);
  }
  notify();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const absent = () => null;

/**
 * A session value that re-renders its reader when it changes. A prerendered page was rendered
 * with no session, so hydration reads none too and React re-renders with the stored value.
 */
export const useSessionValue = (key: SessionKey): string | null =>
  useSyncExternalStore(subscribe, () => readSession(key), absent);
