// An application opened from a renewal link or a new passport (decision 057) becomes this
// browser's session: a new session with the filled-in draft, the verified address and its fresh
// token, and why a step is empty (`renewalNotices`, for that step's screen). The traveller starts
// at the first unfinished step (the trip, asked afresh) and goes through every step to the review.
import { firstUnfinishedStep, type RenewalOpened, ROUTES } from '@eta-il/domain';
import { beginSession } from '../../session/session.ts';
import { clearSession, writeJson, writeSession } from '../../session/storage.ts';

/** Begins the session of a renewal; answers where it starts. */
export const beginRenewalSession = ({ draft, notices, email, idToken }: RenewalOpened): string => {
  clearSession();
  beginSession();
  writeSession('emailAddress', email);
  writeSession('auth-token', idToken);
  writeJson('jsonForm', draft);
  if (notices.length > 0) writeJson('renewalNotices', notices);
  return firstUnfinishedStep({ draft, verified: true })?.route ?? ROUTES.review;
};
