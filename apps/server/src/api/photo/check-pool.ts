// Photo checks on a pool of worker threads (issue 32): the quality measures and the face detector
// take 50–80 ms of CPU a photo, which on the event loop held every other request behind them. The
// pool is the process's own, made by the first photo (or `warmPhotoChecks`), each thread loading
// the detector by its first task.
import { availableParallelism } from 'node:os';
import type { PhotoCheckProblem } from '@eta-il/domain';
import pLimit, { type LimitFunction } from 'p-limit';
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
/** Threads kept loaded while idle: all of them in a server, none elsewhere (tests, scripts). */
let kept = 0;
let pool: Piscina | undefined;

const poolOf = () => {
  pool ??= new Piscina({
    filename: WORKER.href,
    minThreads: kept,
    maxThreads: threads,
    // A thread beyond those kept ends after a minute idle; the next photo starts one again.
    idleTimeout: 60_000,
  });
  return pool;
};

/**
 * A server's pool (PHOTO_CHECK_THREADS): `count` threads, kept with their detector loaded, so
 * that no traveller waits for a thread to start. Before the first photo only.
 */
export const configurePhotoChecks = (count: number): void => {
  if (pool) throw new Error('The photo-check pool has started: its size is set before');
  threads = Math.max(1, count);
  kept = threads;
};

/**
 * Photos waiting for a thread, first come first served (p-limit's queue). Queued in piscina, some
 * photos waited seconds behind later ones under load (20 clients: the check's median 0.46 s, its
 * slowest 3.7 s), so piscina is given no more tasks than it has threads, and the rest wait here,
 * in order (the same load: median 0.73 s, slowest 1.1 s).
 */
let inTurn: LimitFunction | undefined;

/** The photo's first problem, if any, found on a worker thread. */
export const checkPhoto = (task: PhotoCheckTask): Promise<PhotoCheckProblem | undefined> => {
  inTurn ??= pLimit(threads);
  return inTurn(() => poolOf().run(task) as Promise<PhotoCheckProblem | undefined>);
};

/** The pool's threads now, the checks it has completed and those waiting for a thread. */
export const photoCheckPoolStats = () => ({
  threads: pool?.threads.length ?? 0,
  completed: pool?.completed ?? 0,
  queued: (inTurn?.pendingCount ?? 0) + (pool?.queueSize ?? 0),
});

/** Starts the pool's threads (one outside a server) and has each load and warm the detector. */
export const warmPhotoChecks = async (): Promise<void> => {
  const started = poolOf();
  // As many warm-ups at once as threads: the pool starts one for each.
  await Promise.all(
    Array.from({ length: Math.max(1, kept) }, () => started.run(undefined, { name: 'warm' })),
  );
};

/** Ends the pool's threads (the server's shutdown). */
export const closePhotoChecks = async (): Promise<void> => {
  const closing = pool;
  pool = undefined;
  await closing?.close();
};
