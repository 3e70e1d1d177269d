// GET /api/getalldata (SPEC §3, §7): the seven reference lists, with their record fields, the
// XSRF cookie, and conditional GETs. GET /api/config: the web app's runtime settings.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REFERENCE_LISTS } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';

/** The fields SPEC §3 gives each list's records. */
const RECORD_FIELDS: Record<(typeof REFERENCE_LISTS)[number], string[]> = {
  entryReasons: ['Code', 'Description', 'Valid_for_ETAIL'],
  allcountry: [
    'EXT_COUNTRY_ID',
    'COUNTRY_CODE',
    'Official_country_name',
    'Exists_Today',
    'Enemy_countries',
    'passport_country',
  ],
  lengthofstay: ['Code', 'Description'],
  passportType: ['docTypeId', 'docTypeDesc', 'Valid_for_ETAIL', 'Passport_type_for_visa'],
  gender: ['Code', 'Gender'],
  maritalstatus: ['Code', 'Description'],
  occupation: ['Code', 'Description'],
};

describe.each(DATABASES)('reference data on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(async () => {
    await server.close();
  });

  const getAllData = (headers: Record<string, string> = {}) =>
    server.request({ method: 'GET', url: '/api/getalldata', headers });

  it('§7 getalldata answers the seven lists, each record with its SPEC §3 fields', async () => {
    const answer = await getAllData();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const { statusCode, body } = answer.json() as {
      statusCode: number;
      body: Record<string, Record<string, unknown>[]>;
    };
    expect(statusCode).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...REFERENCE_LISTS].sort());
    for (const list of REFERENCE_LISTS) {
      const records = body[list] ?? [];
      expect(records, list).toHaveLength(referenceData[list].length);
      for (const record of records) {
        for (const field of RECORD_FIELDS[list]) expect(record, list).toHaveProperty(field);
      }
    }
    // The lists come back in their shipped order, records unchanged.
    expect(body).toEqual(JSON.parse(JSON.stringify(referenceData)));
  });

  it('§3 the country list holds the records the rules need (USA, ISR, an enemy state)', async () => {
    const countries = (await getAllData()).json().body.allcountry as {
      COUNTRY_CODE: string;
      Enemy_countries: string;
    }[];
    const byCode = (code: string) => countries.find((c) => c.COUNTRY_CODE === code);
    expect(byCode('USA')).toMatchObject({ EXT_COUNTRY_ID: 840, Enemy_countries: 'N' });
    expect(byCode('ISR')).toMatchObject({ EXT_COUNTRY_ID: 376 });
    expect(byCode('IRN')).toMatchObject({ Enemy_countries: 'Y' });
  });

  it('§7 a browser without the cookie gets an XSRF-TOKEN cookie it can read', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/getalldata' });
    expect(answer.statusCode).toBe(200);
    const cookie = answer.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('a browser that has the cookie keeps it: no new one is set', async () => {
    const answer = await getAllData();
    expect(answer.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('answers an ETag; If-None-Match with it is 304 with no body, another tag is 200', async () => {
    const first = await getAllData();
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toContain('must-revalidate');

    const again = await getAllData({ 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await getAllData({ 'if-none-match': '"not-the-tag"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().body.gender).toHaveLength(referenceData.gender.length);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('Accept-Encoding %s: the same lists, compressed', async (encoding, decompress) => {
    const plain = await getAllData();
    const compressed = await getAllData({ 'accept-encoding': encoding });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decompress(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('GET /api/config answers the back-office address and the figures every text quotes', async () => {
    const answer = await server.request({ method: 'GET', url: '/api/config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      statusCode: 200,
      body: {
        backofficeUrl: 'https://backoffice.example.test/',
        parameters: {
          fee: 25,
          currency: 'NIS',
          validityYears: 2,
          maxStayDays: 90,
          maxStayMonths: 3,
          answerWithinHours: 72,
          photoMinWidth: 420,
          photoMinHeight: 540,
          groupSizeMax: 10,
          // A review of a refusal (issue 30): REVIEW_DAYS as configured, and the form's limits.
          reviewDays: 28,
          reviewStatementMax: 5000,
          reviewDocumentsMax: 3,
          reviewDocumentMb: 10,
          reviewPdfPagesMax: 10,
          feeWaivedUntil: '2025-01-01',
          pilotEnds: '2025-01-01',
          // The test clock is in November 2026, after the pilot.
          feeCharged: true,
        },
      },
    });
    // Before the pilot's end the fee is waived.
    server.clock.set(new Date('2024-12-31T12:00:00Z'));
    try {
      const during = await server.request({ method: 'GET', url: '/api/config' });
      expect(during.json().body.parameters.feeCharged).toBe(false);
    } finally {
      server.clock.set(new Date('2026-11-22T09:00:00Z'));
    }
  });

  it('GET /api/config quotes REVIEW_DAYS as this server is configured, not the default', async () => {
    const configured = await startTestServer({ kind, config: { reviewDays: 14 } });
    try {
      const answer = await configured.request({ method: 'GET', url: '/api/config' });
      expect(answer.json().body.parameters.reviewDays).toBe(14);
    } finally {
      await configured.close();
    }
  });
});
