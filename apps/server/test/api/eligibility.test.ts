// POST /api/eligibility (SPEC §7): a plain JSON true/false for a nationality's COUNTRY_CODE.
import { messageText } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';

describe.each(DATABASES)('eligibility on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(async () => {
    await server.close();
  });

  const check = (payload: unknown) =>
    server.request({
      method: 'POST',
      url: '/api/eligibility',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it.each([
    ['USA', true],
    ['GBR', true],
    ['DEU', true],
    ['ZAF', true],
    ['IRN', false], // an enemy state
    ['SYR', false], // an enemy state
    ['LBN', false], // an enemy state
    ['ISR', false], // Israelis enter with their Israeli passport
    ['PSE', false],
    ['CHN', false], // not visa-exempt
    ['IND', false], // not visa-exempt
    ['SUN', false], // no longer exists
  ])('%s → %s, as a plain JSON boolean', async (code, eligible) => {
    const answer = await check({ COUNTRY_CODE: code });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toBe(String(eligible));
    expect(answer.json()).toBe(eligible);
  });

  it.each([
    ['an unknown code', { COUNTRY_CODE: 'XXX' }],
    ['a lower-case code', { COUNTRY_CODE: 'usa' }],
    ['a two-letter code', { COUNTRY_CODE: 'US' }],
    ['a number', { COUNTRY_CODE: 840 }],
    ['no code', {}],
    ['null', { COUNTRY_CODE: null }],
    ['an array body', ['USA']],
  ])('%s is 400 with a message', async (_, payload) => {
    const answer = await check(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      statusCode: 400,
      message: messageText('countryUnknown'),
      code: 'countryUnknown',
    });
  });

  it('needs no auth token, but the XSRF header like every POST', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/eligibility',
      payload: { COUNTRY_CODE: 'USA' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('xsrfMissing');
  });
});
