// Sends one of the case's actions (POST cases/:id/<path>) and says how it went: `done` names the
// outcome's message (decide.done.<done>) when the server accepted it, else the problem is worded.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, Unreachable } from '../../api.ts';
import { useProblemText } from '../../components/Problem.tsx';

/** What the case view is told once an action is done: the key of its message. */
export type Outcome = (done: string) => void;

export const useCaseAction = (caseId: string, onDone: Outcome) => {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const act = async (path: string, body: object, done: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await call('POST', `cases/${caseId}/${path}`, body);
      if (answer.status === 200) onDone(done);
      else setProblem(problemText(answer.status, answer.data.code));
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setProblem(t('problems.unreachable'));
    } finally {
      setBusy(false);
    }
  };
  return { act, busy, problem };
};
