// Issue 9: a token must say when it ends. One correctly signed with AUTH_SECRET but without `exp`
// (or claiming more than a session) is refused with the answer envelope, never honoured for ever.
import { SESSION_VALIDITY_MS } from '@eta-il/domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testConfig } from '../harness.ts';

const EMAIL = 'token.holder@example.com';
const ACCEPTED_USA = {
  EXT_COUNTRY_ID: 840,
  biometric: false,
  Passport_type_for_visa: 'P',
  Valid_for_ETAIL: 'Y',
};

describe('tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  /**
   * A token signed with the service's own secret, issuer and audience, its code confirmed now
   * (auth_time, as the service signs it); `exp` as asked.
   */
  const signed = (lifetimeSeconds: number | undefined) => {
    const now = Math.floor(server.clock().getTime() / 1000);
    const jwt = new SignJWT({ auth_time: now })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(EMAIL)
      .setIssuer('eta-il')
      .setAudience('eta-il-applicant')
      .setIssuedAt(now);
    if (lifetimeSeconds !== undefined) jwt.setExpirationTime(now + lifetimeSeconds);
    return jwt.sign(new TextEncoder().encode(testConfig().authSecret));
  };
  const countryCheck = (token: string) =>
    server.request({
      method: 'POST',
      url: '/api/requestcountryfirststep',
      headers: { 'auth-token': token },
      payload: ACCEPTED_USA,
    });
  const refresh = (token: string) =>
    server.request({
      method: 'POST',
      url: '/api/deletecognitouser',
      headers: { 'auth-token': token },
      payload: { email: EMAIL, render: 'refreshToken' },
    });

  it('a token signed like the service’s own, with a session’s exp, is accepted (the control)', async () => {
    const token = await signed(SESSION_VALIDITY_MS / 1000);
    expect((await countryCheck(token)).statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(200);
  });

  it.each([
    ['no exp', undefined],
    ['an exp years away', 10 * 365 * 24 * 3600],
  ])('a correctly signed token with %s is refused: 401 with the envelope', async (_, lifetime) => {
    const token = await signed(lifetime);
    for (const answer of [await countryCheck(token), await refresh(token)]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ statusCode: 401, code: 'tokenInvalid' });
    }
  });
});
