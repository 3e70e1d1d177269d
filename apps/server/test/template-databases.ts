// The migrated, seeded database each test database starts from. Making one from nothing (PGlite's
// initdb, 23 migrations, the reference lists) took 2–3 s on a busy machine, and the suites make
// hundreds; a copy of a finished one takes a fifth of that. The copy is the same schema the service
// migrates to: PGlite's is dumped by this process from its own migrations, and PostgreSQL's template
// database is named by a hash of the migration files and reference lists, so a change makes a new one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { referenceData } from '@eta-il/domain/reference-data';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { migrationFiles } from '../src/db/migrate.ts';
import { referenceDataHash, seedReferenceData } from '../src/db/seed.ts';

const MIGRATIONS_DIR = new URL('../src/db/migrations/', import.meta.url);

/** What the template holds: every migration's text and the reference lists. */
const schemaHash = () => {
  const hash = createHash('sha256');
  for (const file of migrationFiles())
    hash.update(file).update(readFileSync(new URL(file, MIGRATIONS_DIR)));
  return hash.update(referenceDataHash(referenceData)).digest('hex').slice(0, 16);
};

let pgliteDump: Promise<Blob> | undefined;

/** A new in-memory PGlite database, migrated and seeded (a copy of this process's template). */
export const openMemoryDatabase = async () => {
  pgliteDump ??= (async () => {
    const template = await openDatabase({ dataDir: 'memory://' });
    await seedReferenceData(template.db, referenceData);
    const dump = await template.pglite!.dumpDataDir('none');
    await template.close();
    return dump;
  })();
  return openDatabase({ dataDir: 'memory://', from: await pgliteDump });
};

/** Serialises making the PostgreSQL template across the run's processes (any fixed number). */
const TEMPLATE_LOCK_ID = 7_274_099;
const TEMPLATE_PREFIX = 'eta_template_';
let postgresTemplate: Promise<string> | undefined;

const withAdmin = async <T>(admin: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const databaseUrl = (admin: string, name: string) => {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The name of the template database on the server of `admin`, made if missing. It is made under
 * a new name and renamed when finished, so a template that exists is complete; templates of other
 * schemas (an earlier run's) are dropped then.
 */
const ensurePostgresTemplate = (admin: string) =>
  (postgresTemplate ??= withAdmin(admin, async (client) => {
    const name = `${TEMPLATE_PREFIX}${schemaHash()}`;
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_${process.pid}`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building}`);
      const template = await openDatabase({ url: databaseUrl(admin, building) });
      await seedReferenceData(template.db, referenceData);
      await template.close();
      const stale = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
        [`${TEMPLATE_PREFIX}%`, building],
      );
      for (const { datname } of stale.rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  }));

/**
 * A new database on the PostgreSQL server of `admin`, migrated and seeded (a copy of the
 * template), and the function that drops it.
 */
export const createMigratedPostgresDatabase = async (admin: string, name: string) => {
  const create = async () => {
    const template = await ensurePostgresTemplate(admin);
    await withAdmin(admin, (client) =>
      client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
    );
  };
  try {
    await create();
  } catch (error) {
    // Another checkout's run, on another schema, replaced the template: make this one's again.
    if ((error as { code?: string }).code !== '3D000') throw error;
    postgresTemplate = undefined;
    await create();
  }
  return databaseUrl(admin, name);
};
