// POST /carrier/v1/paxlst through the real carrier app, on PGlite and PostgreSQL: a PAXLST with an
// approved traveller and one without an authorization answered ERC+0Z and ERC+1Z, the check
// recorded and counted; a malformed PAXLST answered 400 with a CUSRES error; a body too large
// 413; no key 401; another content type 415; an ISO 8859-1 body answered in ISO 8859-1.
import { referenceData } from '@eta-il/domain/reference-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAXLST_BODY_LIMIT } from '../../src/carrier/paxlst/routes.ts';
import { readSegments, type Segment } from '../../src/carrier/paxlst/syntax.ts';
import { approve, SETUP_MS, submitted } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import { type FixturePassenger, PASSENGERS, paxlstSegments, paxlstText } from './paxlst-fixture.ts';
import { type CarrierTestServer, newCarrier, startCarrierServer } from './support.ts';

/** The departure of the fixture's flight, YYMMDD, on the harness clock's day (2026-11-22). */
const DEPARTURE = '261122';

const flightOn = (segments: string[]) =>
  segments.map((s) => (s.startsWith('DTM+189') ? `DTM+189:${DEPARTURE}1830:201` : s));

const lines = (segments: Segment[]) =>
  segments.map((s) => [s.tag, ...s.elements.map((e) => e.join(':'))].join('+'));

describe.each(DATABASES)('POST /carrier/v1/paxlst on %s', (kind) => {
  let server: CarrierTestServer;
  let key: string;
  let traveller: FixturePassenger;

  beforeAll(async () => {
    server = await startCarrierServer(kind);
    const application = await submitted(server, 'paxlst-approved@example.com');
    await approve(server, application.id);
    const row = await server.database.db
      .selectFrom('application')
      .select(['passport_num', 'passport_country_id', 'last_name', 'first_name'])
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    const country = referenceData.allcountry.find(
      (c) => c.EXT_COUNTRY_ID === row.passport_country_id,
    );
    if (!country)
      throw new Error('the application’s passport country is not in the reference data');
    traveller = {
      name: `${row.last_name.toUpperCase()}:${row.first_name.toUpperCase()}`,
      birth: application.birthDate.slice(2).replaceAll('-', ''),
      nationality: country.COUNTRY_CODE,
      documentNumber: row.passport_num,
      issuingState: country.COUNTRY_CODE,
      references: ['AVF:BOOK01', 'ABO:APPROVED1'],
    };
    key = (await newCarrier(server)).key;
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    server.carrier.inject({
      method: 'POST',
      url: '/carrier/v1/paxlst',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/edifact',
        ...headers,
      },
      payload,
    });

  it('answers the approved traveller ERC+0Z and a passenger without an authorization ERC+1Z with the reason', async () => {
    const stranger = { ...PASSENGERS[1]!, references: ['AVF:BOOK01', 'ABO:NOAUTH2'] };
    const answer = await post(paxlstText(flightOn(paxlstSegments([traveller, stranger]))));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/edifact; charset=utf-8');
    const read = readSegments(answer.body);
    if (!read.ok) throw new Error(`the answer is not EDIFACT: ${read.problem.text}`);
    const text = lines(read.segments);
    expect(text).toContain('UNH+PAX001+CUSRES:D:02B:UN:IATA+PAX001');
    const groups = text.join('\n').split('ERP+2\n').slice(1);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toContain('RFF+ABO:APPROVED1');
    expect(groups[0]).toContain(`DOC+P+${traveller.documentNumber}`);
    expect(groups[0]).toContain('ERC+0Z');
    expect(groups[0]).toMatch(
      /FTX\+AAP\+\+\+OK TO BOARD:OK:AUTHORIZATION VALID UNTIL \d{4}-\d{2}-\d{2}/,
    );
    expect(groups[1]).toContain('RFF+ABO:NOAUTH2');
    expect(groups[1]).toContain('ERC+1Z');
    expect(groups[1]).toContain(
      'FTX+AAP+++NO BOARD:NO AUTHORIZATION:NO AUTHORIZATION ON FILE FOR THIS DOCUMENT',
    );

    const recorded = await server.database.db
      .selectFrom('carrier_check')
      .select(['flight_carrier', 'flight_number', 'departure_date', 'departure_from', 'passengers'])
      .orderBy('checked_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({
      flight_carrier: 'LY',
      flight_number: '1',
      departure_from: 'JFK',
      passengers: 2,
    });
    const counted = await server.metrics.registry.getSingleMetricAsString(
      'eta_carrier_checks_total',
    );
    expect(counted).toMatch(/eta_carrier_checks_total\{answer="OK"\} [1-9]/);
    expect(counted).toMatch(/eta_carrier_checks_total\{answer="NO_BOARD"\} [1-9]/);
  });

  it('answers a passenger with a malformed birth date DATA_ERROR and the other as usual', async () => {
    const broken = { ...PASSENGERS[1]!, birth: '851340', references: ['ABO:BAD'] };
    const answer = await post(paxlstText(flightOn(paxlstSegments([traveller, broken]))));
    expect(answer.statusCode).toBe(200);
    const groups = answer.body.split("ERP+2'").slice(1);
    expect(groups[0]).toContain("ERC+0Z'");
    expect(groups[1]).toContain("ERC+1Z'");
    expect(groups[1]).toContain('NO BOARD:DATA ERROR:CORRECT AND RESEND?: BIRTHDATE');
  });

  it('answers a malformed PAXLST 400 with a CUSRES error at the faulty segment', async () => {
    const segments = flightOn(paxlstSegments([traveller])).map((s) =>
      s.startsWith('UNT') ? 'UNT+3+PAX001' : s,
    );
    const answer = await post(paxlstText(segments));
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toBe('application/edifact; charset=utf-8');
    const read = readSegments(answer.body);
    if (!read.ok) throw new Error(`the answer is not EDIFACT: ${read.problem.text}`);
    const text = lines(read.segments);
    expect(text).toContain(`ERP+1+UNT:${segments.length - 2}`);
    expect(text).toContain('ERC+29');
    expect(text.find((l) => l.startsWith('FTX+AAO'))).toMatch(/UNT COUNTS 3/);
    expect(text).not.toContain('ERC+0Z');
  });

  it('answers text that is not EDIFACT 400 with a CUSRES, never a 500', async () => {
    for (const body of [
      '',
      '{"flight":"LY1"}',
      "UNA:+.? 'UNB+UNOA",
      '\u0000\u0001garbage',
      "UNB+UNOA:4+X+Y+1:1+1'UNZ+1+1'",
    ]) {
      const answer = await post(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toMatch(/^UNA:\+\.\? '\nUNB\+/);
      expect(answer.body).toMatch(/\nERC\+\d+'/);
    }
  });

  it('reads an ISO 8859-1 PAXLST (UNOC) with a name beyond ASCII and answers in ISO 8859-1', async () => {
    const accented = { ...traveller, name: `${traveller.name.split(':')[0]}:JOSÉ` };
    const body = Buffer.from(paxlstText(flightOn(paxlstSegments([accented], 'UNOC'))), 'latin1');
    const answer = await post(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/edifact; charset=iso-8859-1');
    const text = answer.rawPayload.toString('latin1');
    expect(text).toContain(':JOSÉ');
    expect(text).toContain("ERC+0Z'");
  });

  it('a body over the limit is 413; no key 401; another content type 415', async () => {
    const large = await post(`UNA:+.? '${'X'.repeat(PAXLST_BODY_LIMIT + 1)}`);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ statusCode: 413 });
    const keyless = await server.carrier.inject({
      method: 'POST',
      url: '/carrier/v1/paxlst',
      headers: { 'content-type': 'application/edifact' },
      payload: paxlstText(),
    });
    expect(keyless.statusCode).toBe(401);
    const json = await post(JSON.stringify({ flight: {} }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ statusCode: 415, code: 'unsupportedMediaType' });
  });

  it('is not served by the public app, even with a valid key', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/carrier/v1/paxlst',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/edifact' },
      payload: paxlstText(),
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.body).not.toContain('ERC');
  });

  it('the OpenAPI document describes the PAXLST route', async () => {
    const answer = await server.carrier.inject({ method: 'GET', url: '/carrier/v1/openapi.json' });
    const paxlst = answer.json().paths['/carrier/v1/paxlst'].post;
    expect(paxlst.summary).toMatch(/PAXLST in, CUSRES out/);
    expect(Object.keys(paxlst.requestBody.content)).toEqual(['application/edifact']);
    expect(Object.keys(paxlst.responses['200'].content)).toEqual(['application/edifact']);
  });
});
