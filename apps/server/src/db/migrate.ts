// Applies migrations/*.sql in name order, each once, under an advisory lock so that several
// instances starting together apply them once.
import { readdirSync, readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Schema } from './schema.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const LOCK_ID = 7_274_001;

/**
 * A migration file's statements. Both drivers prepare each query, and a prepared query holds one
 * statement, so files are split at a ';' that ends a line (keep function bodies out of them).
 */
const statementsOf = (text: string): string[] =>
  text
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s !== '');

/** The lock that migrations and the reference seed run under, one instance at a time. */
export const MIGRATION_LOCK_ID = LOCK_ID;

/** The migration files this build carries, in the order they apply (readiness compares them). */
export const migrationFiles = (): string[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

export const migrate = async (db: Kysely<Schema>): Promise<string[]> => {
  const files = migrationFiles();
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_ID})`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(tx);
    const done = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(tx);
    const applied = new Set(done.rows.map((r) => r.name));
    const pending = files.filter((f) => !applied.has(f));
    for (const file of pending) {
      for (const statement of statementsOf(readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8'))) {
        await sql.raw(statement).execute(tx);
      }
      await sql`INSERT INTO schema_migration (name) VALUES (${file})`.execute(tx);
    }
    return pending;
  });
};
