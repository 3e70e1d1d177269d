// SPEC §2 "Start your application": when the step opens, any existing session ends, a new one
// begins and the draft is reset to the blank template. The terms the traveller has just accepted
// are kept (docs/decisions/003-start-form-keeps-terms.md).
import { useLayoutEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from '../../session/draft.ts';
import { forgetReferenceData } from '../../session/reference.ts';
import { restartSession } from '../../session/session.ts';

export const startFreshApplication = () => {
  const { reqDisclaimer } = readDraft();
  restartSession();
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
