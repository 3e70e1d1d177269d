// Attack as a test (issue 28): an airline's key revoked, or replaced, while its checks are in
// flight, on PGlite and PostgreSQL. A check is authenticated when it arrives and answered after its
// passengers are looked up and its record is written; a revocation that commits in between must
// still stop it. Once the revocation (or the new key) has committed, no check with the old key
// answers 200; every check that did answer 200 is recorded, and nothing else is.
//
// The precise race is held open on purpose: the test's carrier app holds chosen checks after their
// key was accepted (a preHandler hook, which runs between the key check and the route), the key is
// revoked or replaced meanwhile, and then they go on. A burst of checks around a revocation, with
// no hold, shows the same from outside.
import { referenceData } from '@eta-il/domain/reference-data';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceCarrierKey, revokeCarrier } from '../../src/carrier/accounts.ts';
import { buildCarrierApp } from '../../src/carrier/app.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES, eventually, startTestServer, type TestServer, testConfig } from '../harness.ts';
import { FLIGHT, newCarrier } from './support.ts';

const BY_ADMIN = { staffId: null, actor: 'key-race-test', client: 'local' };
const HOLD = 'x-test-hold';

const PASSENGER = {
  reference: 'P1',
  documentNumber: 'ZZ9000001',
  issuingCountry: 'USA',
  nationality: 'USA',
  birthDate: '1990-07-04',
  surname: 'DOE',
};

describe.each(DATABASES)("a carrier's key withdrawn while its checks run, on %s", (kind) => {
  let server: TestServer;
  let carrierApp: FastifyInstance;
  /** Checks held after their key was accepted, each with the function that lets it go on. */
  const held: (() => void)[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind });
    carrierApp = await buildCarrierApp({
      config: testConfig(),
      db: server.database.db,
      clock: server.clock,
      metrics: server.metrics,
      countries: referenceData.allcountry,
      logger: false,
    });
    carrierApp.addHook('preHandler', async (request) => {
      if (request.headers[HOLD] === undefined) return;
      await new Promise<void>((resolve) => held.push(resolve));
    });
  }, SETUP_MS);
  afterAll(async () => {
    await carrierApp?.close();
    await server?.close();
  });

  const check = (key: string, { hold = false } = {}) =>
    carrierApp.inject({
      method: 'POST',
      url: '/carrier/v1/checks',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(hold ? { [HOLD]: '1' } : {}),
      },
      payload: JSON.stringify({ flight: FLIGHT, passengers: [PASSENGER] }),
    });

  /** Sends `n` checks that stop once their key is accepted; resolves when all have stopped. */
  const heldChecks = async (key: string, n: number) => {
    held.length = 0;
    const answers = Array.from({ length: n }, () => check(key, { hold: true }));
    await eventually(() => (held.length === n ? true : undefined));
    return {
      release: () => {
        for (const go of held.splice(0)) go();
        return Promise.all(answers);
      },
    };
  };

  const recordedChecks = async (carrierId: string) =>
    (
      await server.database.db
        .selectFrom('carrier_check')
        .select('id')
        .where('carrier_id', '=', carrierId)
        .execute()
    ).map((row) => row.id);

  const checkIdsOf = (answers: LightMyRequestResponse[]) =>
    answers.filter((a) => a.statusCode === 200).map((a) => a.json().checkId as string);

  it('checks accepted before a revocation that commits before they answer: 401, none recorded', async () => {
    const carrier = await newCarrier(server, 'Held Air', 'HA');
    const inFlight = await heldChecks(carrier.key, 8);
    await revokeCarrier(server.database.db, server.clock(), BY_ADMIN, carrier.id);
    const answers = await inFlight.release();
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(401));
    for (const answer of answers) {
      expect(answer.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
    }
    expect(await recordedChecks(carrier.id)).toEqual([]);
    expect((await check(carrier.key)).statusCode).toBe(401);
  });

  it('a key replaced while checks with the old one are held: they answer 401; the new key works', async () => {
    const carrier = await newCarrier(server, 'Rekey Air', 'RK');
    const inFlight = await heldChecks(carrier.key, 8);
    const replaced = await replaceCarrierKey(
      server.database.db,
      server.clock(),
      BY_ADMIN,
      carrier.id,
    );
    if (!replaced) throw new Error('no such carrier');
    const answers = await inFlight.release();
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(401));
    expect(await recordedChecks(carrier.id)).toEqual([]);
    expect((await check(carrier.key)).statusCode).toBe(401);
    const withNewKey = await check(replaced.key);
    expect(withNewKey.statusCode).toBe(200);
    expect(await recordedChecks(carrier.id)).toEqual([withNewKey.json().checkId]);
  });

  it('a burst of checks with a revocation in its midst: every 200 recorded, none after it commits', async () => {
    const carrier = await newCarrier(server, 'Burst Air', 'BA');
    const before = Array.from({ length: 30 }, () => check(carrier.key));
    // Revoked while the burst is under way.
    await eventually(async () =>
      (await recordedChecks(carrier.id)).length > 0 ? true : undefined,
    );
    await revokeCarrier(server.database.db, server.clock(), BY_ADMIN, carrier.id);
    const after = await Promise.all(Array.from({ length: 10 }, () => check(carrier.key)));
    const during = await Promise.all(before);
    expect(after.map((a) => a.statusCode)).toEqual(Array(10).fill(401));
    for (const answer of during) expect([200, 401]).toContain(answer.statusCode);
    const answered = checkIdsOf(during);
    expect(answered.length).toBeGreaterThan(0);
    // Every 200 is in the record, and the record holds nothing that was not answered 200.
    expect((await recordedChecks(carrier.id)).sort()).toEqual([...answered].sort());
  });

  it('a burst with the key replaced in its midst: the old key stops, every 200 recorded', async () => {
    const carrier = await newCarrier(server, 'Swap Air', 'SW');
    const before = Array.from({ length: 30 }, () => check(carrier.key));
    await eventually(async () =>
      (await recordedChecks(carrier.id)).length > 0 ? true : undefined,
    );
    const replaced = await replaceCarrierKey(
      server.database.db,
      server.clock(),
      BY_ADMIN,
      carrier.id,
    );
    if (!replaced) throw new Error('no such carrier');
    const [oldAfter, newAfter] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => check(carrier.key))),
      Promise.all(Array.from({ length: 5 }, () => check(replaced.key))),
    ]);
    const during = await Promise.all(before);
    expect(oldAfter.map((a) => a.statusCode)).toEqual(Array(5).fill(401));
    expect(newAfter.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    for (const answer of during) expect([200, 401]).toContain(answer.statusCode);
    const answered = [...checkIdsOf(during), ...checkIdsOf(newAfter)];
    expect((await recordedChecks(carrier.id)).sort()).toEqual(answered.sort());
  });
});
