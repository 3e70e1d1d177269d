// One query layer (Kysely) over two drivers: PGlite embedded in DATA_DIR by default, or a
// PostgreSQL server when DATABASE_URL is set. The same SQL migrations run on both.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrate } from './migrate.ts';
import type { Schema } from './schema.ts';

export type Db = Kysely<Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's address, when kind is 'postgres' (the job queue opens its own pool). */
  url?: string;
  /** The embedded database, when kind is 'pglite' (the job queue runs its SQL on it). */
  pglite?: PGlite;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a server. */
  url?: string | undefined;
  /** Folder for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
}

export const openDatabase = async ({
  url,
  dataDir = './data',
}: DatabaseOptions): Promise<Database> => {
  let database: Database;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    database = { db, kind: 'postgres', url, close: () => db.destroy() };
  } else {
    const location = dataDir === 'memory://' ? dataDir : join(dataDir, 'pgdata');
    if (location !== 'memory://') mkdirSync(location, { recursive: true });
    const client = await PGlite.create(location);
    const db = new Kysely<Schema>({ dialect: new PGliteDialect(client) });
    database = { db, kind: 'pglite', pglite: client, close: () => db.destroy() };
  }
  await migrate(database.db);
  return database;
};

/** A value for a jsonb column: both drivers take it as text cast to jsonb. */
export const json = (value: unknown) => sql<string>`${JSON.stringify(value)}::jsonb`;
