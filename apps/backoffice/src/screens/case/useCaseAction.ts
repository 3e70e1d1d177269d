// Sends one of the case's actions (POST cases/:id/<path>) and says how it went: `done` names the
// outcome's message (decide.done.<done>) when the server accepted it, else the problem is worded.
import { call } from '../../api.ts';
import { useProblemText } from '../../components/Problem.tsx';
import { useCall } from '../../useCall.ts';

/** What the case view is told once an action is done: the key of its message. */
export type Outcome = (done: string) => void;

export const useCaseAction = (caseId: string, onDone: Outcome) => {
  const problemText = useProblemText();
  const { busy, problem, setProblem, run } = useCall();
  const act = async (path: string, body: object, done: string) => {
    await run(async () => {
      const answer = await call('POST', `cases/${caseId}/${path}`, body);
      if (answer.status === 200) onDone(done);
      else setProblem(problemText(answer.status, answer.data.code));
    });
  };
  return { act, busy, problem };
};
