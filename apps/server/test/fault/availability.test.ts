// Which failures mean "the database is not there now" (answered 503 with Retry-After), and the
// readiness check that /readyz answers from.
import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/availability.ts';
import { createPool, type Db, DEFAULT_TIMEOUTS, openDatabase } from '../../src/db/database.ts';
import { checkDatabase } from '../../src/db/readiness.ts';
import type { Schema } from '../../src/db/schema.ts';
import { freePort } from '../application.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    [
      'admin shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['connection exception (08006)', withCode('08006')],
    [
      'statement timeout (57014)',
      withCode('57014', 'canceling statement due to statement timeout'),
    ],
    ['connection terminated', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['refused on every address', new AggregateError([withCode('ECONNREFUSED')])],
    ['as the cause', new Error('query failed', { cause: withCode('57P01') })],
  ])('%s: yes', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation (23505)', withCode('23505', 'duplicate key value')],
    ['invalid date (22007)', withCode('22007')],
    ['a bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: no', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('yes for what node-postgres throws when nothing listens on the port', async () => {
    const client = createPool(
      `postgres://postgres@127.0.0.1:${await freePort()}/none`,
      DEFAULT_TIMEOUTS,
      () => {},
    );
    const error = await client.query('SELECT 1').catch((e: unknown) => e);
    await client.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('checkDatabase', () => {
  it('ok when reachable with every migration applied; names a missing one', {
    timeout: 120_000,
  }, async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await checkDatabase(database.db)).toEqual({ ok: true });
      await sql`DELETE FROM schema_migration WHERE name = '002_reference_version.sql'`.execute(
        database.db,
      );
      expect(await checkDatabase(database.db)).toEqual({
        ok: false,
        reason: 'migrations not applied: 002_reference_version.sql',
      });
    } finally {
      await database.close();
    }
  });

  it('not ok, and quickly, when the database cannot be reached', async () => {
    const pool = createPool(
      `postgres://postgres@127.0.0.1:${await freePort()}/none`,
      DEFAULT_TIMEOUTS,
      () => {},
    );
    const db: Db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    const started = Date.now();
    expect(await checkDatabase(db)).toEqual({ ok: false, reason: 'database unreachable' });
    expect(Date.now() - started).toBeLessThan(3_000);
    await db.destroy();
  });
});
