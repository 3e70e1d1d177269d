// SPEC §2 "Start your application": when the step opens, any existing session ends, a new one
// begins and the draft is reset to the blank template. The terms the traveller has just accepted
// and the eligibility answers given on the way in are kept (docs/decisions/003 and 004).
import { useLayoutEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from '../../session/draft.ts';
import { forgetReferenceData } from '../../session/reference.ts';
import { restartSession } from '../../session/session.ts';
import { readSession, writeSession } from '../../session/storage.ts';

/** The eligibility answers: not part of the application, and the nationality prefills it. */
const ELIGIBILITY_ANSWERS = ['national', 'mainPurpose'] as const;

const startFreshApplication = () => {
  const { reqDisclaimer } = readDraft();
  const answers = ELIGIBILITY_ANSWERS.map((key) => [key, readSession(key)] as const);
  restartSession();
  for (const [key, value] of answers) if (value !== null) writeSession(key, value);
  // The wipe removed the cached lists too: the form loads them afresh (GET /api/getalldata).
  forgetReferenceData();
  if (reqDisclaimer === 1) writeDraft({ ...readDraft(), reqDisclaimer });
};

/**
 * Starts afresh once per visit of the screen, before its form reads anything. React's StrictMode
 * runs a mount effect twice (and Suspense re-runs layout effects when content reappears); the
 * ref keeps it to once, so nothing typed is ever wiped.
 */
export const useFreshApplication = (): boolean => {
  const started = useRef(false);
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    if (started.current) return;
    started.current = true;
    startFreshApplication();
    setReady(true);
  }, []);
  return ready;
};
