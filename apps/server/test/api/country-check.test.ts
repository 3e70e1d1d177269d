// POST /api/requestcountryfirststep (SPEC §7), auth-token required: a `message` in the answer
// means the passport country is accepted; its absence gives the country error (SPEC §5).
import { messageText, SESSION_VALIDITY_MS } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.ts';
import { DATABASES, startTestServer, type TestServer, verifiedToken } from '../harness.ts';

const ACCEPTED_USA = {
  EXT_COUNTRY_ID: 840,
  biometric: false,
  Passport_type_for_visa: 'P',
  Valid_for_ETAIL: 'Y',
};

describe.each(DATABASES)('passport country check on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await verifiedToken(server, 'country@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  /** `null`: no auth-token header at all. */
  const check = (payload: unknown, authToken: string | null = token) =>
    server.request({
      method: 'POST',
      url: '/api/requestcountryfirststep',
      headers: {
        'content-type': 'application/json',
        ...(authToken === null ? {} : { 'auth-token': authToken }),
      },
      payload: JSON.stringify(payload),
    });

  it.each([
    ['no auth-token', null],
    ['a made-up token', 'not-a-token'],
  ])('%s is 401 with a message', async (_, authToken) => {
    const answer = await check(ACCEPTED_USA, authToken);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({
      statusCode: 401,
      message: messageText('tokenInvalid'),
      code: 'tokenInvalid',
    });
  });

  it('a token signed with another secret is 401', async () => {
    const forged = await createTokenService('another-secret-0123456789abcdef', server.clock).issue(
      'country@example.com',
    );
    expect((await check(ACCEPTED_USA, forged)).statusCode).toBe(401);
  });

  it('an accepted country with a regular passport (P) has a message', async () => {
    const answer = await check(ACCEPTED_USA);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ statusCode: 200, message: 'Accepted' });
  });

  it.each([
    ['a non-eligible country (CHN)', { ...ACCEPTED_USA, EXT_COUNTRY_ID: 156 }],
    ['a non-eligible country (IND)', { ...ACCEPTED_USA, EXT_COUNTRY_ID: 356 }],
    ['an enemy state (IRN)', { ...ACCEPTED_USA, EXT_COUNTRY_ID: 364 }],
    ['Israel', { ...ACCEPTED_USA, EXT_COUNTRY_ID: 376 }],
    ['a country that no longer exists (SUN)', { ...ACCEPTED_USA, EXT_COUNTRY_ID: 810 }],
    ['an unknown country id', { ...ACCEPTED_USA, EXT_COUNTRY_ID: 999_999 }],
    ['a Laissez passer (L)', { ...ACCEPTED_USA, Passport_type_for_visa: 'L' }],
    [
      'a Laissez passer the browser claims is valid',
      { ...ACCEPTED_USA, Passport_type_for_visa: 'L', Valid_for_ETAIL: 'Y' },
    ],
    ['an unknown passport type', { ...ACCEPTED_USA, Passport_type_for_visa: 'Z' }],
    [
      'a biometric-required country (UKR) with a non-biometric passport',
      { ...ACCEPTED_USA, EXT_COUNTRY_ID: 804, biometric: false },
    ],
  ])('%s has no message', async (_, payload) => {
    const answer = await check(payload);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ statusCode: 200 });
  });

  it('a biometric-required country (UKR) with a biometric passport has a message', async () => {
    const answer = await check({ ...ACCEPTED_USA, EXT_COUNTRY_ID: 804, biometric: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe('Accepted');
  });

  it('an official passport (O) of an accepted country has a message', async () => {
    const answer = await check({ ...ACCEPTED_USA, Passport_type_for_visa: 'O' });
    expect(answer.json().message).toBe('Accepted');
  });

  it.each([
    ['the country id as a string', { ...ACCEPTED_USA, EXT_COUNTRY_ID: '840' }],
    ['a fractional country id', { ...ACCEPTED_USA, EXT_COUNTRY_ID: 840.5 }],
    ['a negative country id', { ...ACCEPTED_USA, EXT_COUNTRY_ID: -840 }],
    ['biometric as a string', { ...ACCEPTED_USA, biometric: 'true' }],
    ['biometric missing', { EXT_COUNTRY_ID: 840, Passport_type_for_visa: 'P' }],
    ['the passport type missing', { EXT_COUNTRY_ID: 840, biometric: true }],
    [
      'a passport type of 21 characters',
      { ...ACCEPTED_USA, Passport_type_for_visa: 'P'.repeat(21) },
    ],
    ['an empty object', {}],
    ['an array', [ACCEPTED_USA]],
    ['null', null],
  ])('%s is 400 with a message', async (_, payload) => {
    const answer = await check(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      statusCode: 400,
      message: messageText('badRequest'),
      code: 'badRequest',
    });
  });

  it('a token that outlived the 60-minute session is 401', async () => {
    const shortLived = await verifiedToken(server, 'expiring@example.com');
    server.clock.advance(SESSION_VALIDITY_MS + 1000);
    try {
      expect((await check(ACCEPTED_USA, shortLived)).statusCode).toBe(401);
    } finally {
      server.clock.advance(-(SESSION_VALIDITY_MS + 1000));
    }
  });
});
