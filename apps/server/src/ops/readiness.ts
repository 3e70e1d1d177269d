// Readiness: the one dependency the service cannot serve without is its database. Ready when the
// database answers within a bound, every migration this build carries has been applied, and — for
// the embedded database — its files are still in DATA_DIR (PGlite serves what it has cached long
// after they are gone, and fails everything else). Not ready comes with the dependency and a reason
// for the operator reading /readyz, in fixed words and error codes: never a driver's message, which
// may name the host, the user or a file.
//
// Redis and the mail server are not readiness dependencies: without Redis requests pass uncounted,
// and mail waits in the queue; taking instances out of service would not help (docs/operations.md).
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../db/availability.ts';
import type { Db } from '../db/database.ts';
import { migrationFiles } from '../db/migrate.ts';

export type Readiness = { ready: true } | { ready: false; dependency: 'database'; reason: string };

export interface ReadinessOptions {
  timeoutMs?: number;
  /** The migrations this build carries. */
  expected?: string[];
  /** DATA_DIR of the embedded database on disk; unset for PostgreSQL or one kept in memory. */
  embeddedDataDir?: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 2000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new NoAnswer(ms)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

class NoAnswer extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** An error's code (a SQLSTATE, or a socket's ECONNREFUSED), if it has a short one of its own. */
const codeOf = (error: unknown, depth = 0): string | undefined => {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code)) return code;
  const inner = Array.isArray(errors) ? errors[0] : cause;
  return codeOf(inner, depth + 1);
};

/** Why the database check failed, in words safe to show. */
const reasonOf = (error: unknown): string => {
  if (error instanceof NoAnswer) return `database: no answer within ${error.ms} ms`;
  const code = codeOf(error);
  const known = code ? ` (${code})` : '';
  return isDatabaseUnavailable(error) ? `database unreachable${known}` : `database error${known}`;
};

/** Whether the embedded database's files are where it was opened. */
const embeddedFilesPresent = async (dataDir: string) =>
  access(join(dataDir, 'pgdata', 'PG_VERSION')).then(
    () => true,
    () => false,
  );

const notReady = (reason: string): Readiness => ({ ready: false, dependency: 'database', reason });

export const checkReadiness = async (
  db: Db,
  {
    timeoutMs = DEFAULT_TIMEOUT_MS,
    expected = migrationFiles(),
    embeddedDataDir,
  }: ReadinessOptions = {},
): Promise<Readiness> => {
  if (embeddedDataDir && !(await embeddedFilesPresent(embeddedDataDir))) {
    return notReady("the embedded database's files are missing");
  }
  let applied: Set<string>;
  try {
    const present = await withTimeout(
      sql<{ found: string | null }>`SELECT to_regclass('schema_migration')::text AS found`.execute(
        db,
      ),
      timeoutMs,
    );
    if (!present.rows[0]?.found) return notReady('no migration has been applied');
    const rows = await withTimeout(
      sql<{ name: string }>`SELECT name FROM schema_migration`.execute(db),
      timeoutMs,
    );
    applied = new Set(rows.rows.map((r) => r.name));
  } catch (error) {
    return notReady(reasonOf(error));
  }
  const pending = expected.filter((file) => !applied.has(file));
  return pending.length === 0
    ? { ready: true }
    : notReady(`migrations not applied: ${pending.join(', ')}`);
};
