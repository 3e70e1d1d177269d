// A form's call to the server whose problem the screen shows in an alert: busy while it runs, the
// last problem cleared when it starts, and a server out of reach (a NetworkError) shown as
// 'unavailable'; any other failure is thrown on.
import { useState } from 'react';
import { NetworkError } from '../api/client.ts';

/** The problem a refusal's HTTP status stands for: the one named for it, else 'unavailable'. */
export const problemForStatus = <const Problem extends string>(
  status: number,
  named: Readonly<Record<number, Problem>>,
): Problem | 'unavailable' => named[status] ?? 'unavailable';

export const useServerCall = <Problem extends string>() => {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | 'unavailable'>();
  /** Runs `call`, which sets the problem of a refusal itself. */
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await call();
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setProblem('unavailable');
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
};
