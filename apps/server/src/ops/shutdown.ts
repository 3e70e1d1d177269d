// Graceful shutdown: on SIGTERM or SIGINT, run the closers in the order they were added (the HTTP
// server first: it stops accepting and lets requests in flight finish; then background work, the
// queue, the database), and exit 0. Past the deadline the process exits anyway, with status 1.
// A repeated signal (a terminal's Ctrl-C reaches npm and the server both) does not restart it.

interface ShutdownLog {
  info: (message: string) => void;
  error: (object: object, message: string) => void;
}

export interface ShutdownOptions {
  /** The whole shutdown's deadline, from the signal. */
  timeoutMs: number;
  log: ShutdownLog;
  exit?: (code: number) => void;
}

export interface Shutdown {
  /** Adds a step; steps run one after another, in the order added. */
  add: (name: string, close: () => unknown) => void;
  /** Runs the steps once (further calls wait for the same run); resolves after `exit` was called. */
  run: (reason: string) => Promise<void>;
  /** Runs on these signals. */
  listen: (signals?: NodeJS.Signals[]) => void;
}

/** Exit status when the deadline passed or a step failed. */
export const EXIT_INCOMPLETE = 1;

export const createShutdown = ({
  timeoutMs,
  log,
  exit = (code) => process.exit(code),
}: ShutdownOptions): Shutdown => {
  const steps: { name: string; close: () => unknown }[] = [];
  let running: Promise<void> | undefined;

  const closeAll = async (reason: string) => {
    log.info(`shutting down (${reason}); deadline ${timeoutMs} ms`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<number>((resolve) => {
      timer = setTimeout(() => resolve(EXIT_INCOMPLETE), timeoutMs);
    });
    const work = (async () => {
      let status = 0;
      for (const step of steps) {
        try {
          await step.close();
        } catch (error) {
          status = EXIT_INCOMPLETE;
          log.error({ err: error }, `shutdown: closing ${step.name} failed`);
        }
      }
      return status;
    })();
    const status = await Promise.race([work, deadline]);
    clearTimeout(timer);
    if (status !== 0) log.error({ timeoutMs }, 'shutdown incomplete; exiting anyway');
    else log.info('shut down');
    exit(status);
  };

  const run = (reason: string) => {
    running ??= closeAll(reason);
    return running;
  };

  return {
    add: (name, close) => {
      steps.push({ name, close });
    },
    run,
    listen: (signals = ['SIGTERM', 'SIGINT']) => {
      for (const signal of signals) process.on(signal, () => void run(signal));
    },
  };
};
