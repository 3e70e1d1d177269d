// Whether the database can serve this release: reachable, and every shipped migration applied.
// GET /readyz answers from it.
import { sql } from 'kysely';
import { isDatabaseUnavailable } from './availability.ts';
import type { Db } from './database.ts';
import { migrationFiles } from './migrate.ts';

export interface DatabaseCheck {
  ok: boolean;
  /** Why not, in words for an operator (no connection details). */
  reason?: string;
}

const timeout = (ms: number) =>
  new Promise<DatabaseCheck>((resolve) => {
    setTimeout(() => resolve({ ok: false, reason: `no answer within ${ms} ms` }), ms).unref();
  });

const check = async (db: Db): Promise<DatabaseCheck> => {
  try {
    const applied = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(db);
    const names = new Set(applied.rows.map((r) => r.name));
    const missing = migrationFiles().filter((f) => !names.has(f));
    return missing.length === 0
      ? { ok: true }
      : { ok: false, reason: `migrations not applied: ${missing.join(', ')}` };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { ok: false, reason: 'database unreachable' };
    // 42P01 undefined_table: no migration has ever run here.
    if ((error as { code?: unknown }).code === '42P01') {
      return { ok: false, reason: 'migrations not applied' };
    }
    return { ok: false, reason: 'database check failed' };
  }
};

export const checkDatabase = (db: Db, timeoutMs = 3_000): Promise<DatabaseCheck> =>
  Promise.race([check(db), timeout(timeoutMs)]);
