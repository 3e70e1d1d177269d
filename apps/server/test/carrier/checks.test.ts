// POST /carrier/v1/checks (issue 28): every answer and reason for one passenger and in a batch of
// 500, a near-miss document number, a revoked authorization, keys (none, wrong, revoked between
// two calls), 501 passengers, a malformed passenger beside good ones, the record of each check
// (no document number in it) and its metric; on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import type { CarrierCheckResult } from '@eta-il/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeCarrier } from '../../src/carrier/accounts.ts';
import { recordCheck } from '../../src/carrier/record.ts';
import { moveApplication } from '../../src/decisions/move-application.ts';
import { runRetention } from '../../src/jobs/retention.ts';
import {
  approve,
  decisionDeps,
  drive,
  SETUP_MS,
  submitted,
  supervisor,
} from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  type CarrierTestServer,
  check,
  FLIGHT,
  newCarrier,
  PASSENGER,
  startCarrierServer,
} from './support.ts';

/** The fixture traveller (JANE MARY DOE, born 1990-07-04, US passport). */
const JANE = {
  issuingCountry: 'USA',
  nationality: 'USA',
  birthDate: '1990-07-04',
  surname: 'DOE',
  givenNames: 'JANE MARY',
};

type Case = [string, Record<string, unknown>, Omit<CarrierCheckResult, 'reference'>];

/** Approved 2026-11-22: valid for two years (the passport runs to 2030). */
const VALID_UNTIL = '2028-11-22';

const CASES: Case[] = [
  [
    'approved',
    { ...JANE, documentNumber: 'AB1000001' },
    { answer: 'OK', validUntil: VALID_UNTIL, names: 'MATCH' },
  ],
  [
    'approved, typed with spaces and in lower case',
    { ...JANE, documentNumber: 'ab 100 0001' },
    { answer: 'OK', validUntil: VALID_UNTIL, names: 'MATCH' },
  ],
  [
    'approved, other names (reported, not refused)',
    { ...JANE, documentNumber: 'AB1000001', surname: 'SMITH', givenNames: 'PAUL' },
    { answer: 'OK', validUntil: VALID_UNTIL, names: 'DIFFERENT' },
  ],
  [
    'submitted, not decided',
    { ...JANE, documentNumber: 'AB1000002' },
    { answer: 'NO_BOARD', reason: 'PENDING', names: 'MATCH' },
  ],
  [
    'refused',
    { ...JANE, documentNumber: 'AB1000003' },
    { answer: 'NO_BOARD', reason: 'REFUSED', names: 'MATCH' },
  ],
  [
    'revoked',
    { ...JANE, documentNumber: 'AB1000004' },
    { answer: 'NO_BOARD', reason: 'REVOKED', names: 'MATCH' },
  ],
  [
    'approved, passport expired before the flight',
    { ...JANE, documentNumber: 'AB1000005' },
    { answer: 'NO_BOARD', reason: 'EXPIRED', names: 'MATCH' },
  ],
  [
    'one character replaced',
    { ...JANE, documentNumber: 'AB1000091' },
    { answer: 'NO_BOARD', reason: 'DOCUMENT_MISMATCH' },
  ],
  [
    'one character left out',
    { ...JANE, documentNumber: 'AB100001' },
    { answer: 'NO_BOARD', reason: 'DOCUMENT_MISMATCH' },
  ],
  [
    'one character off a withdrawn application (it authorizes nothing)',
    { ...JANE, documentNumber: 'AB1000096' },
    { answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' },
  ],
  [
    'one character off but another surname',
    { ...JANE, documentNumber: 'AB1000091', surname: 'SMITH' },
    { answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' },
  ],
  [
    'one character off but another birth date',
    { ...JANE, documentNumber: 'AB1000091', birthDate: '1990-07-05' },
    { answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' },
  ],
  [
    'the approved number but another birth date',
    { ...JANE, documentNumber: 'AB1000001', birthDate: '1991-07-04' },
    { answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' },
  ],
  [
    'the approved number issued by another country',
    { ...JANE, documentNumber: 'AB1000001', issuingCountry: 'GBR' },
    { answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' },
  ],
  [
    'never applied',
    { ...JANE, documentNumber: 'ZZ9999999' },
    { answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' },
  ],
  [
    'Israeli national',
    { ...JANE, documentNumber: '30000001', issuingCountry: 'ISR', nationality: 'ISR' },
    { answer: 'NOT_REQUIRED' },
  ],
  [
    'a nationality sent to a visa',
    { ...JANE, documentNumber: 'K1234567', issuingCountry: 'IND', nationality: 'IND' },
    { answer: 'VISA_REQUIRED' },
  ],
  [
    'an impossible birth date and an unknown country',
    { ...JANE, documentNumber: 'AB1000001', birthDate: '1990-02-30', issuingCountry: 'XXX' },
    { answer: 'DATA_ERROR', fields: ['birthDate', 'issuingCountry'] },
  ],
  [
    'no surname, a country in lower case',
    { ...JANE, documentNumber: 'AB1000001', surname: undefined, nationality: 'usa' },
    { answer: 'DATA_ERROR', fields: ['nationality', 'surname'] },
  ],
  [
    'a number, not an object',
    42 as unknown as Record<string, unknown>,
    { answer: 'DATA_ERROR', fields: ['passenger'] },
  ],
];

/** The passenger of a case with its reference (a bare value stays as it is). */
const passenger = (given: Record<string, unknown>, reference: string) =>
  typeof given === 'object' ? { reference, ...given } : given;
const expected = (
  result: Omit<CarrierCheckResult, 'reference'>,
  reference: string,
  given: unknown,
) => ({ reference: typeof given === 'object' ? reference : '', ...result });

const DEPARTURE = '2027-04-15';

describe.each(DATABASES)('carrier checks on %s', (kind) => {
  let server: CarrierTestServer;
  let key: string;

  beforeAll(async () => {
    server = await startCarrierServer(kind);
    key = (await newCarrier(server)).key;
    const apply = (n: number, changes = {}) =>
      submitted(server, `carrier-${n}@example.com`, {
        changes: { passportNum: `AB100000${n}`, ...changes },
      });
    const approved = await apply(1);
    await approve(server, approved.id);
    await apply(2);
    const refused = await apply(3);
    await drive(server, refused.id, [
      ['startScreening'],
      ['screeningHit', ['watchlist']],
      ['refuse', ['securityConcern']],
    ]);
    const revoked = await apply(4);
    await approve(server, revoked.id);
    const outcome = await moveApplication(server.database.db, decisionDeps(server), {
      applicationId: revoked.id,
      event: 'revoke',
      actor: supervisor,
      reasons: ['documentReportedLost'],
    });
    expect(outcome.ok).toBe(true);
    const shortPassport = await apply(5, { passportExpireDate: '2027-04-01' });
    await approve(server, shortPassport.id);
    const withdrawn = await apply(6);
    await drive(server, withdrawn.id, [['withdraw']]);
  }, SETUP_MS);
  afterAll(() => server?.close());

  it.each(CASES)('one passenger: %s', async (_name, given, result) => {
    const answer = await check(server, key, {
      flight: { ...FLIGHT, departureDate: DEPARTURE },
      passengers: [passenger(given, 'P1')],
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.statusCode).toBe(200);
    expect(body.results).toEqual([expected(result, 'P1', given)]);
  });

  it('answers a batch of 500, every answer and reason, in order', async () => {
    const passengers = Array.from({ length: 500 }, (_, i) =>
      passenger((CASES[i % CASES.length] as Case)[1], `R${i}`),
    );
    const answer = await check(server, key, {
      flight: { ...FLIGHT, departureDate: DEPARTURE },
      passengers,
    });
    expect(answer.statusCode).toBe(200);
    const { results, checkId, checkedAt } = answer.json();
    expect(results).toEqual(
      passengers.map((p, i) => {
        const [, given, result] = CASES[i % CASES.length] as Case;
        return expected(result, `R${i}`, given ?? p);
      }),
    );
    expect(checkedAt).toBe(server.clock().toISOString());
    // Recorded: the flight, each answer in order, and no document number in the clear.
    const row = await server.database.db
      .selectFrom('carrier_check')
      .selectAll()
      .where('id', '=', checkId)
      .executeTakeFirstOrThrow();
    expect(row.passengers).toBe(500);
    expect(row.flight_number).toBe('8');
    const lines = row.results;
    expect(lines.map((l) => l.answer)).toEqual(results.map((r: CarrierCheckResult) => r.answer));
    expect(JSON.stringify(lines)).not.toMatch(/AB1000|ZZ9999|K1234567/i);
    expect(lines[0]?.document).toMatch(/^[\w-]{43}$/);
    expect(lines[0]?.document).toBe(lines[1]?.document);
    // Counted by answer.
    const metrics = await server.metrics.registry.getSingleMetricAsString(
      'eta_carrier_checks_total',
    );
    expect(metrics).toMatch(/eta_carrier_checks_total\{answer="OK"\} \d+/);
    expect(metrics).toMatch(/eta_carrier_checks_total\{answer="DATA_ERROR"\} \d+/);
  });

  it('commits the record without waiting for the disk, and only the record', async () => {
    const carrier = await newCarrier(server, 'Record Air', 'RA');
    const row = await server.database.db
      .selectFrom('carrier')
      .select('key_hash')
      .where('id', '=', carrier.id)
      .executeTakeFirstOrThrow();
    // One connection throughout: the record's statement, then what that connection says after.
    const after = await server.database.db.connection().execute(async (connection) => {
      const recorded = await recordCheck(connection, (n) => `hash of ${n}`, {
        id: randomUUID(),
        carrierId: carrier.id,
        keyHash: row.key_hash,
        flight: FLIGHT,
        checkedAt: server.clock(),
        passengers: [PASSENGER],
        results: [{ reference: 'P1', answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' }],
      });
      const setting = await sql<{
        value: string;
      }>`SELECT current_setting('synchronous_commit') AS value`.execute(connection);
      return { recorded, setting: setting.rows[0]?.value };
    });
    // The setting was local to the record's own transaction: the next statement on the same
    // connection (a decision, say) commits durably again.
    expect(after).toEqual({ recorded: true, setting: 'on' });
  });

  it('refuses 501 passengers, and none, with 400', async () => {
    const one = { reference: 'X', ...JANE, documentNumber: 'AB1000001' };
    for (const passengers of [Array.from({ length: 501 }, () => one), []]) {
      const answer = await check(server, key, { flight: FLIGHT, passengers });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, fields: ['passengers'] });
    }
  });

  it('refuses a malformed flight with 400 naming the field', async () => {
    const answer = await check(server, key, {
      flight: { ...FLIGHT, departureDate: '24/12/2026' },
      passengers: [{ reference: 'X', ...JANE, documentNumber: 'AB1000001' }],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, fields: ['flight.departureDate'] });
    const notJson = await server.carrier.inject({
      method: 'POST',
      url: '/carrier/v1/checks',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"flight":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().statusCode).toBe(400);
  });

  it('answers 401 without a key, with a wrong one, and once the key is revoked between two calls', async () => {
    const body = {
      flight: FLIGHT,
      passengers: [{ reference: 'X', ...JANE, documentNumber: 'AB1000001' }],
    };
    for (const wrong of [undefined, 'etac_not-a-key', key.slice(0, -1), `${key}x`]) {
      const answer = await check(server, wrong, body);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().statusCode).toBe(401);
    }
    const other = await newCarrier(server, 'Lufthansa', 'LH');
    expect((await check(server, other.key, body)).statusCode).toBe(200);
    await revokeCarrier(
      server.database.db,
      server.clock(),
      { staffId: null, actor: 'test', client: 'local' },
      other.id,
    );
    const after = await check(server, other.key, body);
    expect(after.statusCode).toBe(401);
    // The first carrier's key still works.
    expect((await check(server, key, body)).statusCode).toBe(200);
  });

  it('serves its OpenAPI document, generated from the route schemas', async () => {
    const answer = await server.carrier.inject({ method: 'GET', url: '/carrier/v1/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const doc = answer.json();
    expect(doc.openapi).toMatch(/^3\./);
    const route = doc.paths['/carrier/v1/checks'].post;
    expect(
      route.requestBody.content['application/json'].schema.properties.passengers.maxItems,
    ).toBe(500);
    expect(route.responses['200']).toBeDefined();
  });

  it('keeps the record of checks 90 days', async () => {
    const count = async () =>
      (await server.database.db.selectFrom('carrier_check').select('id').execute()).length;
    expect(await count()).toBeGreaterThan(0);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const retain = () =>
      runRetention({ db: server.database.db, clock: server.clock, applicationDays: 730, log });
    server.clock.advance(89 * 24 * 60 * 60 * 1000);
    expect((await retain()).carrierChecks).toBe(0);
    server.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await retain()).carrierChecks).toBeGreaterThan(0);
    expect(await count()).toBe(0);
  });
});
