// Readiness: the database answers within a bound and every migration this build carries has been
// applied. A reason comes back when not ready, for the operator reading /readyz.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { migrationFiles } from '../db/migrate.ts';

export type Readiness = { ready: true } | { ready: false; reason: string };

const DEFAULT_TIMEOUT_MS = 2000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const checkReadiness = async (
  db: Db,
  { timeoutMs = DEFAULT_TIMEOUT_MS, expected = migrationFiles() } = {},
): Promise<Readiness> => {
  let applied: Set<string>;
  try {
    const present = await withTimeout(
      sql<{ found: string | null }>`SELECT to_regclass('schema_migration')::text AS found`.execute(
        db,
      ),
      timeoutMs,
    );
    if (!present.rows[0]?.found) return { ready: false, reason: 'no migration has been applied' };
    const rows = await withTimeout(
      sql<{ name: string }>`SELECT name FROM schema_migration`.execute(db),
      timeoutMs,
    );
    applied = new Set(rows.rows.map((r) => r.name));
  } catch (error) {
    return { ready: false, reason: `database unreachable: ${messageOf(error)}` };
  }
  const pending = expected.filter((file) => !applied.has(file));
  return pending.length === 0
    ? { ready: true }
    : { ready: false, reason: `migrations not applied: ${pending.join(', ')}` };
};
