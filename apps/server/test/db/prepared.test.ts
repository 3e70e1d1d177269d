// Named statements on PostgreSQL (db/prepared.ts, issue 32): a text seen again runs under its name
// on each connection, parsed once; a `SELECT *` is never named, so that another instance's
// migration cannot break it; a process names a bounded number of texts.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namingStatements } from '../../src/db/prepared.ts';
import { createPostgresDatabase, postgresServerVersion, STARTUP_MS } from '../harness.ts';

// PostgreSQL only (PGlite has no pool). Without a server this fails here rather than passing
// with no case run.
describe('the named-statements suite', () => {
  it('has a PostgreSQL server to run on', async () => {
    expect(await postgresServerVersion()).toMatch(/^\d+/);
  });
});

interface Tables {
  parcel: { id: number; weight: number };
}

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on postgres', () => {
  let drop: () => Promise<void>;
  let db: Kysely<Tables>;
  /** Names at most three texts. */
  let bounded: Kysely<Tables>;
  /** The prepared statements of the connection `work` runs on, by their text. */
  const preparedOn = async (work: (tx: Kysely<Tables>) => Promise<unknown>, on = db) =>
    on.transaction().execute(async (tx) => {
      await work(tx);
      const { rows } = await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements`.execute(tx);
      return new Map(rows.map((r) => [r.statement, r.name]));
    });

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    // One connection each: every query of a test sees the same prepared statements.
    const pool = () => new pg.Pool({ connectionString: created.url, max: 1 });
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: namingStatements(pool()) }) });
    bounded = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: namingStatements(pool(), 3) }),
    });
    await sql`CREATE TABLE parcel (id int PRIMARY KEY, weight int NOT NULL)`.execute(db);
    await sql`INSERT INTO parcel VALUES (1, 10), (2, 20), (3, 30)`.execute(db);
  }, STARTUP_MS);
  afterAll(async () => {
    await db?.destroy();
    await bounded?.destroy();
    await drop?.();
  });

  const weightQuery = (tx: Kysely<Tables>, id: number) =>
    tx.selectFrom('parcel').select('weight').where('id', '=', id);
  const weightOf = (tx: Kysely<Tables>, id: number) =>
    weightQuery(tx, id).executeTakeFirstOrThrow();

  it('runs a text seen again under its name, with each call’s own values', async () => {
    const answers: number[] = [];
    const prepared = await preparedOn(async (tx) => {
      for (const id of [1, 2, 3]) answers.push((await weightOf(tx, id)).weight);
    });
    expect(answers).toEqual([10, 20, 30]);
    const text = weightQuery(db, 1).compile().sql;
    expect(prepared.get(text)).toMatch(/^eta_\d+$/);
  });

  it('never names a SELECT *: another instance adding a column does not break it', async () => {
    const all = (tx: Kysely<Tables>) => tx.selectFrom('parcel').selectAll().where('id', '=', 2);
    const prepared = await preparedOn(async (tx) => {
      await all(tx).execute();
      await all(tx).execute();
    });
    expect(prepared.has(all(db).compile().sql)).toBe(false);
    const count = (tx: Kysely<Tables>) =>
      tx.selectFrom('parcel').select((eb) => eb.fn.countAll<string>().as('n'));
    const named = await preparedOn(async (tx) => {
      await weightOf(tx, 2);
      await count(tx).execute();
    });
    expect(named.has(weightQuery(db, 2).compile().sql)).toBe(true);
    // count(*) answers one number whatever the columns: it is named.
    expect(named.has(count(db).compile().sql)).toBe(true);
    // A migration elsewhere: the named statement keeps its one column, the * query gets two.
    await sql`ALTER TABLE parcel ADD COLUMN label text`.execute(db);
    expect(await weightOf(db, 2)).toEqual({ weight: 20 });
    expect(await all(db).execute()).toEqual([{ id: 2, weight: 20, label: null }]);
  });

  it('names at most its bound of texts; later ones run unnamed, and right', async () => {
    const texts: string[] = [];
    const prepared = await preparedOn(async (tx) => {
      for (let n = 1; n <= 8; n++) {
        const query = tx
          .selectFrom('parcel')
          .select('id')
          .where(
            'id',
            'in',
            Array.from({ length: n }, (_, i) => i + 1),
          );
        texts.push(query.compile().sql);
        expect(await query.execute()).toHaveLength(Math.min(n, 3));
      }
    }, bounded);
    expect(new Set(texts).size).toBe(8);
    expect(prepared.size).toBeGreaterThan(0);
    expect(prepared.size).toBeLessThanOrEqual(3);
  });
});
