// One transaction, and the wake-up that follows its commit. Work for the background is written in
// the same transaction as the data it follows from (a mail in the outbox, mail/outbox.ts; an
// application waiting to be screened); whoever listens on the database (the background's relay,
// jobs/index.ts) is woken once that transaction has committed, and never when it rolled back: what
// it queued went with it.
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

type Db = Kysely<Schema>;

/** The transactions withTransaction has open, each with whether it queued work. */
const open = new WeakMap<Db, { queued: boolean }>();
/** Who is woken after a commit that queued work, per database. */
const listeners = new WeakMap<Db, Set<() => void>>();

const wake = (db: Db) => {
  for (const listener of listeners.get(db) ?? []) listener();
};

/**
 * Runs `work` in one transaction and, once it has committed, wakes the database's listeners if it
 * queued work. Given a transaction (of withTransaction), `work` runs inside it: the outer one's
 * commit wakes them.
 */
export const withTransaction = async <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => {
  if (db.isTransaction) return work(db);
  const state = { queued: false };
  const result = await db.transaction().execute((tx) => {
    open.set(tx, state);
    return work(tx);
  });
  if (state.queued) wake(db);
  return result;
};

/**
 * Records that `tx` queued work for the background: its listeners are woken after the commit.
 * Outside a transaction the row is committed already: they are woken now.
 */
export const queueWork = (tx: Db): void => {
  if (!tx.isTransaction) {
    wake(tx);
    return;
  }
  const state = open.get(tx);
  if (!state) {
    throw new Error('work queued in a transaction not opened by withTransaction: none would wake');
  }
  state.queued = true;
};

/** Calls `listener` after each commit on `db` that queued work; answers how to stop listening. */
export const onQueuedWork = (db: Db, listener: () => void): (() => void) => {
  const set = listeners.get(db) ?? new Set();
  listeners.set(db, set);
  // Each registration is its own entry, so the same function given twice is called twice.
  const entry = () => listener();
  set.add(entry);
  return () => {
    set.delete(entry);
  };
};
