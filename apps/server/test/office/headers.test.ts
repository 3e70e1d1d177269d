// The office app's own headers: a strict CSP, no caching, no referrer; in production the
// session cookie is Secure (and HttpOnly, SameSite=Strict, scoped to /office).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeApp } from '../../src/office/app.ts';
import { totpCode } from '../../src/office/auth/credentials.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { testConfig } from '../harness.ts';
import { type OfficeTestServer, PASSWORD, setUpDirectly, startOfficeServer } from './support.ts';

describe('office headers and cookie', () => {
  let server: OfficeTestServer;
  beforeAll(async () => {
    server = await startOfficeServer('pglite');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  it('answers with a strict CSP, no-store and no referrer', async () => {
    const answer = await server.office.inject({ method: 'GET', url: '/office/api/me' });
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const unknown = await server.office.inject({ method: 'GET', url: '/anything' });
    expect(unknown.json()).toEqual({ statusCode: 404, code: 'notFound', message: 'Not found.' });
  });

  it('in production the session cookie is Secure', async () => {
    const production = await buildOfficeApp({
      config: testConfig({ production: true }),
      db: server.database.db,
      clock: server.clock,
      logger: false,
    });
    try {
      const { totpSecret } = await setUpDirectly(server, 'secure@office.test', 'officer');
      const answer = await production.inject({
        method: 'POST',
        url: '/office/api/sign-in',
        headers: { origin: new URL(testConfig().backofficeUrl).origin },
        payload: {
          email: 'secure@office.test',
          password: PASSWORD,
          code: totpCode(totpSecret, 'secure@office.test', server.clock()),
        },
      });
      expect(answer.cookies.find((c) => c.name === 'office_session')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/office',
      });
      expect(answer.headers['strict-transport-security']).toBeDefined();
    } finally {
      await production.close();
    }
  });
});
