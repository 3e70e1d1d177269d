// A resumed application becomes this browser's session (decision 033): a new session with the
// saved draft, the verified address and its fresh token, and the values typed on the step it was
// saved from; the traveller goes on at the first unfinished step.
import { firstUnfinishedStep, type Resumed, ROUTES } from '@eta-il/domain';
import { beginSession } from '../../session/session.ts';
import { clearSession, writeJson, writeSession } from '../../session/storage.ts';

/** Begins the session of a resumed application; answers where it goes on. */
export const beginResumedSession = ({ draft, pending, email, idToken }: Resumed): string => {
  clearSession();
  beginSession();
  writeSession('emailAddress', email);
  writeSession('auth-token', idToken);
  writeJson('jsonForm', draft);
  if (pending) writeJson('resumeValues', pending);
  return firstUnfinishedStep({ draft, verified: true })?.route ?? ROUTES.review;
};
