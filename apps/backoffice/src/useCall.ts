// One call to the office API at a time, as every screen makes it: busy while it runs (the screen
// disables its buttons), the last problem cleared when it starts, and "the server could not be
// reached" as the problem when it could not (any other error is a bug and is thrown).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Unreachable } from './api.ts';

/** `initialProblem`: what the screen says before any call (a set-up page opened without its link). */
export const useCall = (initialProblem?: string) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(initialProblem);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setProblem(t('problems.unreachable'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
};
