// SPEC §7's envelope: on every route the HTTP status equals the `statusCode` in the JSON body, for
// a success, a refusal, and a request over the limit (429), the route's own limit and the global one.
// (A route with its own limit, the code, submission and photo routes, answers to that limit in
// place of the global one.) The one body without an envelope is the eligibility answer, a plain boolean (SPEC §7).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Applicant,
  applicant,
  jpegImage,
  newSession,
  submit,
  uploadPhoto,
} from '../application.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';

/** The answer's status and its body's statusCode, which must be the same. */
const envelope = (answer: LightMyRequestResponse) => {
  const body = answer.json() as { statusCode?: unknown };
  return { http: answer.statusCode, body: body.statusCode };
};
const expectEnvelope = (answer: LightMyRequestResponse, status: number) => {
  expect(envelope(answer)).toEqual({ http: status, body: status });
};

/** Sends `send` until it answers 429 (at most `tries` times); the 429 answer. */
const until429 = async (send: () => Promise<LightMyRequestResponse>, tries = 20) => {
  for (let i = 0; i < tries; i++) {
    const answer = await send();
    if (answer.statusCode !== 429) expectEnvelope(answer, answer.statusCode);
    else return answer;
  }
  throw new Error(`no 429 after ${tries} requests`);
};

const ip = (n: number) => `198.51.100.${n}`;

describe.each(DATABASES)('HTTP status = statusCode on %s', (kind) => {
  // Route limits low, the global one high: each route's own 429.
  let limited: TestServer;
  let jane: Applicant;
  // The global limit low: the 429 of routes that have no limit of their own.
  let global: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      kind,
      services: { rateLimits: { global: 1_000, code: 4, submission: 2, photo: 2 } },
    });
    jane = await applicant(limited, 'jane.doe@example.com');
    global = await startTestServer({
      kind,
      services: { rateLimits: { global: 3, code: 1_000, submission: 1_000, photo: 1_000 } },
    });
  }, 180_000);
  afterAll(async () => {
    await limited?.close();
    await global?.close();
  });

  it.each(['/api/deletecognitouser', '/api/deletecognitouser%20'])(
    'POST %s: 200, 400 and its own 429',
    async (url) => {
      const code = (remoteAddress: string, payload: object) =>
        limited.request({ method: 'POST', url, remoteAddress, payload });
      const [address, email] = url.endsWith('%20')
        ? [ip(1), 'space@example.com']
        : [ip(2), 'plain@example.com'];
      expectEnvelope(await code(address, { email, render: 'signUpUser' }), 200);
      expectEnvelope(await code(address, { render: 'nothing' }), 400);
      const over = await until429(() => code(address, { render: 'nothing' }));
      expectEnvelope(over, 429);
    },
  );

  it('POST /api/senddatamarom: 200, 400, 401, 403 and its own 429', async () => {
    // A session submits once (issue 26): the refusals come from a second one.
    const other = await newSession(limited, jane.email);
    const as = (remoteAddress: string, body: unknown) =>
      limited.request({
        method: 'POST',
        url: '/api/senddatamarom',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'auth-token': other },
        payload: JSON.stringify(body),
      });
    expectEnvelope(await submit(limited, jane.token, jane.draft()), 200);
    expectEnvelope(await as(ip(3), { ...jane.draft(), reqMainEmailAddress: 'not-an-email' }), 400);
    expectEnvelope(await as(ip(4), {}), 403);
    expectEnvelope(await submit(limited, 'not-a-token', jane.draft()), 401);
    const over = await until429(() => as(ip(3), jane.draft()));
    expectEnvelope(over, 429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('POST /api/photo: 200, 415, 401 and its own 429', async () => {
    // The applicant's own upload was the first of 127.0.0.1's two this minute. Jane's first
    // session has submitted (above): she uploads in a new one.
    const token = await newSession(limited, jane.email);
    expectEnvelope(await uploadPhoto(limited, token, await jpegImage()), 200);
    const notMultipart = (remoteAddress: string, token?: string) =>
      limited.request({
        method: 'POST',
        url: '/api/photo',
        remoteAddress,
        headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
        payload: '{}',
      });
    expectEnvelope(await notMultipart(ip(6)), 401);
    expectEnvelope(await notMultipart(ip(5), token), 415);
    expectEnvelope(await until429(() => notMultipart(ip(5), token)), 429);
  });

  it('POST /api/requestcountryfirststep: 200, 400, 401', async () => {
    // Jane's first session has submitted (above): she checks in a new one.
    const session = await newSession(limited, jane.email);
    const check = (payload: object, token = session) =>
      limited.request({
        method: 'POST',
        url: '/api/requestcountryfirststep',
        headers: { 'auth-token': token },
        payload,
      });
    const valid = { EXT_COUNTRY_ID: 840, biometric: true, Passport_type_for_visa: 'P' };
    expectEnvelope(await check(valid), 200);
    expectEnvelope(await check({ EXT_COUNTRY_ID: 'x' }), 400);
    expectEnvelope(await check(valid, 'bad'), 401);
  });

  it('POST /api/eligibility: 400 has the envelope; 200 is the plain boolean of SPEC §7', async () => {
    const check = (payload: object) =>
      limited.request({ method: 'POST', url: '/api/eligibility', payload });
    const eligible = await check({ COUNTRY_CODE: 'USA' });
    expect(eligible.statusCode).toBe(200);
    expect(eligible.json()).toBe(true);
    expectEnvelope(await check({ COUNTRY_CODE: 'nope' }), 400);
  });

  it('GET /api/getalldata, GET /api/config, an unknown API path, a POST without XSRF', async () => {
    expectEnvelope(await limited.request({ method: 'GET', url: '/api/getalldata' }), 200);
    expectEnvelope(await limited.request({ method: 'GET', url: '/api/config' }), 200);
    expectEnvelope(await limited.request({ method: 'GET', url: '/api/nothing-here' }), 404);
    const noXsrf = await limited.app.inject({ method: 'POST', url: '/api/eligibility' });
    expectEnvelope(noXsrf, 403);
  });

  let nextAddress = 10;
  it.each([
    ['GET /api/config', { method: 'GET', url: '/api/config' }],
    ['POST /api/eligibility', { method: 'POST', url: '/api/eligibility', payload: {} }],
    [
      'POST /api/requestcountryfirststep',
      { method: 'POST', url: '/api/requestcountryfirststep', payload: {} },
    ],
  ] as const)('%s over the global limit: HTTP 429 with statusCode 429', async (_, request) => {
    nextAddress += 1;
    const remoteAddress = `203.0.113.${nextAddress}`;
    const over = await until429(() => global.request({ ...request, remoteAddress }));
    expectEnvelope(over, 429);
  });
});
