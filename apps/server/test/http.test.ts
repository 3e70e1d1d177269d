// What every answer shares: security headers, JSON errors with a message and never a stack
// trace, request size limits, and per-IP rate limits.
import { messageText } from '@eta-il/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

/** An error answer: JSON with a message, and nothing of the server's insides. */
const expectCleanError = (body: string, status: number) => {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(json.statusCode).toBe(status);
  expect(typeof json.message).toBe('string');
  expect(json.message).not.toBe('');
  expect(json).not.toHaveProperty('stack');
  expect(body).not.toMatch(/\bat [\w.<>]+ \(|node:internal|node_modules|\.ts:\d+|Error:/);
};

describe.each(DATABASES)('HTTP on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // At most 3 code requests per IP and minute, so the rate limit shows without 30 calls.
    server = await startTestServer({ kind, services: { rateLimits: { code: 3 } } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('security headers: a CSP without inline scripts, no framing, no sniffing', async () => {
    for (const url of ['/api/getalldata', '/api/nope']) {
      const answer = await server.request({ method: 'GET', url });
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('a body over 64 KB is 413 JSON with a message', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/eligibility',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ COUNTRY_CODE: 'USA', padding: 'x'.repeat(64 * 1024) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ statusCode: 413, message: 'The request is too large.' });
  });

  it.each([
    ['a truncated object', '{"COUNTRY_CODE": "USA"'],
    ['single quotes', "{'COUNTRY_CODE': 'USA'}"],
    ['a bare word', 'USA'],
    ['a prototype-poisoning key', '{"__proto__": {"admin": true}, "COUNTRY_CODE": "USA"}'],
  ])('invalid JSON (%s) is 400 JSON with a message', async (_, payload) => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/eligibility',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ statusCode: 400, message: messageText('badRequest') });
  });

  it('a body that is not JSON is 415 with a message', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/eligibility',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'COUNTRY_CODE=USA',
    });
    expect(answer.statusCode).toBe(415);
    expectCleanError(answer.body, 415);
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/senddatamarom'],
    ['DELETE', '/api/getalldata'],
    ['GET', '/dev/nothing-here'],
  ] as const)('%s %s is 404 JSON', async (method, url) => {
    const answer = await server.request({ method, url });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ statusCode: 404, message: 'Not found.' });
  });

  it('errors never carry a stack trace', async () => {
    const answers = await Promise.all([
      server.request({ method: 'GET', url: '/api/nope' }),
      server.request({
        method: 'POST',
        url: '/api/eligibility',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      server.request({ method: 'POST', url: '/api/eligibility', payload: { COUNTRY_CODE: 1 } }),
      server.request({ method: 'POST', url: '/api/senddatamarom', payload: {} }),
      server.request({ method: 'POST', url: '/api/photo', payload: 'x' }),
      server.app.inject({ method: 'POST', url: '/api/eligibility', payload: {} }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expectCleanError(answer.body, answer.statusCode);
    }
  });

  it('a failure inside the server is 500 with a generic message, no details', async () => {
    const db = server.database.db;
    await sql`ALTER TABLE email_code RENAME TO email_code_gone`.execute(db);
    try {
      const answer = await server.request({
        method: 'POST',
        url: '/api/deletecognitouser%20',
        payload: { email: 'broken@example.com', render: 'signUpUser' },
      });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({
        statusCode: 500,
        message: 'Sorry, something has gone wrong. Please check again in few minutes',
      });
      expectCleanError(answer.body, 500);
      expect(answer.body).not.toContain('email_code');
    } finally {
      await sql`ALTER TABLE email_code_gone RENAME TO email_code`.execute(db);
    }
  });

  it('per IP: the 4th code request within a minute is 429 with a message', async () => {
    const sendCode = (email: string, remoteAddress: string) =>
      server.request({
        method: 'POST',
        url: '/api/deletecognitouser%20',
        remoteAddress,
        payload: { email, render: 'signUpUser' },
      });
    // Four different addresses: the per-address limits are not what stops the 4th.
    for (const n of [1, 2, 3]) {
      expect((await sendCode(`limit${n}@example.com`, '203.0.113.7')).statusCode).toBe(200);
    }
    const fourth = await sendCode('limit4@example.com', '203.0.113.7');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ statusCode: 429, message: messageText('tooManyRequests') });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    // Another IP is not affected.
    expect((await sendCode('limit5@example.com', '198.51.100.9')).statusCode).toBe(200);
  });
});
