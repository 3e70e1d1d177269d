// Photo checks on a pool of worker threads (issue 32): the quality measures and the face detector
// take 50–80 ms of CPU a photo, which on the event loop held every other request behind them. The
// pool is the process's own, made by the first photo (or `warmPhotoChecks`), its threads loading
// the detector as they start; idle threads do not keep the process alive.
import { availableParallelism } from 'node:os';
import type { PhotoCheckProblem } from '@eta-il/domain';
import { Piscina } from 'piscina';
import type { PhotoCheckTask } from './photo-check-worker.ts';

/** Running from the TypeScript sources (tests, `npm run serve`), not from the built dist/. */
const fromSources = import.meta.url.endsWith('.ts');
/**
 * Beside this module in the sources (through a shim that registers tsx in the thread); beside
 * dist/main.js, which bundles this module, when built.
 */
const WORKER = new URL(
  fromSources ? './photo-check-worker.sources.mjs' : './photo-check-worker.js',
  import.meta.url,
);

let threads = availableParallelism();
let pool: Piscina | undefined;

const poolOf = () => {
  pool ??= new Piscina({
    filename: WORKER.href,
    // No thread is kept for nothing: one idle for a minute ends, and the next photo starts one.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return pool;
};

/** How many threads check photos at once (PHOTO_CHECK_THREADS); before the first photo only. */
export const configurePhotoChecks = (count: number): void => {
  if (pool) throw new Error('The photo-check pool has started: its size is set before');
  threads = Math.max(1, count);
};

/** The photo's first problem, if any, found on a worker thread. */
export const checkPhoto = (task: PhotoCheckTask): Promise<PhotoCheckProblem | undefined> =>
  poolOf().run(task) as Promise<PhotoCheckProblem | undefined>;

/** The pool's threads now, the checks it has completed and those waiting for a thread. */
export const photoCheckPoolStats = () => ({
  threads: pool?.threads.length ?? 0,
  completed: pool?.completed ?? 0,
  queued: pool?.queueSize ?? 0,
});

/** Starts a thread of the pool and has it load and warm the detector. */
export const warmPhotoChecks = (): Promise<void> => poolOf().run(undefined, { name: 'warm' });

/** Ends the pool's threads (the server's shutdown). */
export const closePhotoChecks = async (): Promise<void> => {
  const closing = pool;
  pool = undefined;
  await closing?.close();
};
