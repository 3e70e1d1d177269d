// Which failures mean "the database is not there now" (answered 503 with Retry-After). The
// readiness check /readyz answers from is tested in test/ops (operations, probe-dependencies).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/availability.ts';
import { createPool, DEFAULT_TIMEOUTS } from '../../src/db/database.ts';
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
