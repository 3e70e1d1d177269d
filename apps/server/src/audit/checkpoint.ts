// Signed checkpoints of the audit chain's head (docs/decisions/044-audit-seal.md): how many rows
// the chain had and the last row's seal, signed under AUDIT_KEY, appended as a JSON line to a file
// the database's role cannot write (AUDIT_CHECKPOINT_PATH) and written to the log. The verifier
// (verify.ts) finds every checkpointed row still there with the same seal, so rows cut off the
// end of the chain are found, which the seals alone cannot show.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkpointSignature, sameSeal } from './seal.ts';
import type { OfficeDb } from './tables.ts';

export interface Checkpoint {
  at: string;
  rows: number;
  seal: string;
  signature: string;
}

/** The chain's head as a signed checkpoint, or undefined while no sealed row exists. */
export const headCheckpoint = async (db: OfficeDb, now: Date): Promise<Checkpoint | undefined> => {
  const last = await db
    .selectFrom('audit_event')
    .select(['seq', 'mac'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last?.mac) return undefined;
  const rows = Number(last.seq);
  const at = now.toISOString();
  return { at, rows, seal: last.mac, signature: checkpointSignature(rows, last.mac, at) };
};

export const appendCheckpoint = (path: string, checkpoint: Checkpoint): void => {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  appendFileSync(path, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
};

export type CheckpointRead = { ok: true; checkpoints: Checkpoint[] } | { ok: false; line: number };

const isCheckpoint = (value: unknown): value is Checkpoint => {
  const c = value as Partial<Checkpoint> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.at === 'string' &&
    Number.isSafeInteger(c.rows) &&
    typeof c.seal === 'string' &&
    typeof c.signature === 'string'
  );
};

/** The file's checkpoints, each signature checked; the first line that is not one is reported. */
export const readCheckpoints = (path: string | undefined): CheckpointRead => {
  if (!path || !existsSync(path)) return { ok: true, checkpoints: [] };
  const checkpoints: Checkpoint[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, line: index + 1 };
    }
    if (
      !isCheckpoint(value) ||
      !sameSeal(value.signature, checkpointSignature(value.rows, value.seal, value.at))
    ) {
      return { ok: false, line: index + 1 };
    }
    checkpoints.push(value);
  }
  return { ok: true, checkpoints };
};

const CHECKPOINT_EVERY_MS = 60_000;

export interface CheckpointSchedule {
  db: OfficeDb;
  path: string;
  clock: () => Date;
  /** Each checkpoint written also goes to the log, a second place the database cannot reach. */
  log: (checkpoint: Checkpoint) => void;
  onError: (error: unknown) => void;
}

/**
 * Appends a checkpoint of the chain's head every minute while it grows, and once more when
 * stopped (at shutdown). Several instances may share the file: each line stands alone.
 */
export const startCheckpoints = (schedule: CheckpointSchedule): (() => Promise<void>) => {
  let lastRows = -1;
  const write = async () => {
    try {
      const head = await headCheckpoint(schedule.db, schedule.clock());
      if (!head || head.rows === lastRows) return;
      appendCheckpoint(schedule.path, head);
      lastRows = head.rows;
      schedule.log(head);
    } catch (error) {
      schedule.onError(error);
    }
  };
  const timer = setInterval(() => void write(), CHECKPOINT_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await write();
  };
};
