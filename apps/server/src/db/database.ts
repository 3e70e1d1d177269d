// One query layer (Kysely) over two drivers: PGlite embedded in DATA_DIR by default, or a
// PostgreSQL server when DATABASE_URL is set. The same SQL migrations run on both.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrate } from './migrate.ts';
import { namingStatements } from './prepared.ts';
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

/** Bounds on waiting for PostgreSQL, so that no request hangs while it is unreachable. */
export interface DatabaseTimeouts {
  /** Waiting for a connection, new or from the pool; then the request answers 503. */
  connectMs: number;
  /**
   * One statement, enforced by the server (statement_timeout) and, 5 s later, by the client;
   * null for none (migrations, which may build an index on a large table).
   */
  statementMs: number | null;
  /** A transaction left open by a client that went away. */
  idleInTransactionMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};

export interface DatabaseOptions {
  /** postgres://… for a server. */
  url?: string | undefined;
  /** Folder for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  /**
   * An embedded database to start from: a dump (`dumpDataDir`) of one already migrated. The
   * tests start each in-memory database from one, which skips initdb (most of a start).
   */
  from?: Blob | undefined;
  timeouts?: Partial<DatabaseTimeouts>;
  /**
   * On a server, send known query texts as named (prepared) statements (prepared.ts); off behind
   * a pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  namedStatements?: boolean;
  /**
   * A connection to PostgreSQL failed outside any query (the server restarted, the network cut
   * it). The pool drops that connection and makes a new one when needed; this only reports it.
   */
  onConnectionError?: (error: Error) => void;
}

const warnOnStderr = (error: Error) => {
  process.emitWarning(`PostgreSQL connection lost: ${error.message}`, 'DatabaseWarning');
};

/**
 * A pool that survives the server going away: every connection error is handled (unhandled, it
 * would end the process), and connecting and querying are bounded by timeouts.
 */
export const createPool = (
  url: string,
  timeouts: DatabaseTimeouts,
  onConnectionError: (error: Error) => void,
) => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 300_000,
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.statementMs === null
      ? {}
      : { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + 5_000 }),
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: true,
  });
  // A connection's error reaches its client; the pool repeats it for an idle connection. Either
  // one without a listener would be thrown. A checked-out client that errs is not queryable, and
  // the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  pool.on('error', () => {});
  return pool;
};

export const openDatabase = async ({
  url,
  dataDir = './data',
  from,
  timeouts,
  onConnectionError = warnOnStderr,
  namedStatements = true,
}: DatabaseOptions): Promise<Database> => {
  if (url) {
    const bounds = { ...DEFAULT_TIMEOUTS, ...timeouts };
    // Migrations on a pool of their own without a statement timeout: a long one, or the wait for
    // another instance's, is not cut short.
    const migrator = new Kysely<Schema>({
      dialect: new PostgresDialect({
        pool: createPool(url, { ...bounds, statementMs: null }, onConnectionError),
      }),
    });
    try {
      await migrate(migrator);
    } finally {
      await migrator.destroy();
    }
    const pool = createPool(url, bounds, onConnectionError);
    const db = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: namedStatements ? namingStatements(pool) : pool }),
    });
    return { db, kind: 'postgres', url, close: () => db.destroy() };
  }
  const location = dataDir === 'memory://' ? dataDir : join(dataDir, 'pgdata');
  if (location !== 'memory://') {
    // Only this user may read the data folder and the database's files (made so if it existed).
    mkdirSync(location, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    chmodSync(location, 0o700);
  }
  const client = await PGlite.create(location, from ? { loadDataDir: from } : {});
  const db = new Kysely<Schema>({ dialect: new PGliteDialect(client) });
  await migrate(db);
  return { db, kind: 'pglite', pglite: client, close: () => db.destroy() };
};

/** A value for a jsonb column: both drivers take it as text cast to jsonb. */
export const json = (value: unknown) => sql<string>`${JSON.stringify(value)}::jsonb`;
