// Malformed input on every POST route (fast-check, 1,000 bodies per route): random values, random
// JSON, raw strings, valid payloads with fields of the wrong type or missing, random multipart.
// No answer may be a 5xx, every refusal is JSON with a message, and the server still answers.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Applicant, applicant, jpegImage, multipart, pngImage } from '../application.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';

const RUNS = 1000;
const PROPERTY = { numRuns: RUNS };
const TIMEOUT_MS = 180_000;

type Json = Record<string, unknown>;

const MISSING = Symbol('missing');

/** A random value of the same JSON type as `value` (objects: their fields mutated in turn). */
const sameType = (value: unknown): fc.Arbitrary<unknown> => {
  if (typeof value === 'string') return fc.string({ maxLength: 300 });
  if (typeof value === 'number') return fc.oneof(fc.integer(), fc.double());
  if (typeof value === 'boolean') return fc.boolean();
  if (Array.isArray(value)) {
    return fc.array(value.length > 0 ? sameType(value[0]) : fc.anything(), { maxLength: 7 });
  }
  if (value !== null && typeof value === 'object') return mutated(value as Json);
  return fc.anything();
};

/**
 * A valid payload with, on average, about two fields changed: to a random value of the same type
 * (which reaches the rules), to anything at all (the shape check), or left out.
 */
function mutated(valid: Json): fc.Arbitrary<Json> {
  const keep = 2 * Object.keys(valid).length;
  const fields = Object.fromEntries(
    Object.entries(valid).map(([key, value]) => [
      key,
      fc.oneof(
        { arbitrary: fc.constant(value), weight: keep },
        { arbitrary: sameType(value), weight: 2 },
        { arbitrary: fc.anything(), weight: 1 },
        { arbitrary: fc.constant(MISSING), weight: 1 },
      ),
    ]),
  ) as Record<string, fc.Arbitrary<unknown>>;
  return fc
    .record(fields)
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== MISSING)));
}

/** Bodies as text: anything serialized, random JSON, raw strings, mutated valid payloads. */
const jsonBodies = (...valid: fc.Arbitrary<unknown>[]) =>
  fc.oneof(
    fc.anything().map((v) => JSON.stringify(v) ?? ''),
    fc.json(),
    fc.string(),
    fc.string({ unit: 'binary' }),
    ...valid.map((arbitrary) => arbitrary.map((v) => JSON.stringify(v) ?? '')),
  );

/** Mostly JSON, sometimes a content type the route does not take. */
const contentTypes = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zzz',
      'application/octet-stream',
    ),
    weight: 1,
  },
);

/** Header values a client can send (printable ASCII). */
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,140}$/);

const expectHandled = (answer: LightMyRequestResponse) => {
  expect(answer.statusCode).toBeLessThan(500);
  if (answer.statusCode >= 400) {
    expect(typeof (answer.json() as { message?: unknown }).message).toBe('string');
  }
};

const JPEG_MAGIC = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);
const GIF_MAGIC = new TextEncoder().encode('GIF89a');

// PGlite only: fuzzing exercises parsing and validation, which do not depend on the database; the
// few paths that reach it are covered on PostgreSQL by the other suites. 6,000 requests more on
// PostgreSQL would double this suite's time for no new path.
describe.each(DATABASES.filter((k) => k === 'pglite'))('fuzz on %s', (kind) => {
  let server: TestServer;
  let fuzzer: Applicant;
  let validJpeg: Uint8Array;
  let pngHeader: Uint8Array;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    fuzzer = await applicant(server, 'fuzz@example.com');
    validJpeg = await jpegImage(32, 32);
    pngHeader = (await pngImage(8, 8)).subarray(0, 33);
  });
  afterAll(async () => {
    // After it all, the server still answers.
    expect((await server.request({ method: 'GET', url: '/api/getalldata' })).statusCode).toBe(200);
    await server.close();
  });

  const post = (url: string, payload: string | Buffer, headers: Record<string, string>) =>
    server.request({ method: 'POST', url, payload, headers });

  it.each(['/api/deletecognitouser', '/api/deletecognitouser%20'])(
    'POST %s: 1,000 malformed bodies, no 5xx',
    async (url) => {
      const valid = mutated({
        email: 'fuzz.code@example.com',
        render: 'confirmSignUp',
        confirmationCode: '123456',
        timestamp: 1_795_000_000_000,
        password: 'ETA-IL',
      });
      const renders = fc.record(
        {
          email: fc.oneof(
            fc.constantFrom('fuzz.code@example.com', 'Fuzz@Example.com', 'fuzz@example.com'),
            fc.emailAddress(),
            fc.string(),
            fc.anything(),
          ),
          render: fc.oneof(
            fc.constantFrom('signUpUser', 'confirmSignUp', 'refreshToken'),
            fc.string(),
            fc.anything(),
          ),
          confirmationCode: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string(), fc.anything()),
          timestamp: fc.oneof(fc.integer(), fc.double(), fc.anything()),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(
          jsonBodies(valid, renders),
          contentTypes,
          fc.option(headerValue),
          async (body, type, token) => {
            const headers: Record<string, string> = { 'content-type': type };
            if (token !== null) headers['auth-token'] = token;
            expectHandled(await post(url, body, headers));
          },
        ),
        PROPERTY,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'POST /api/eligibility: 1,000 malformed bodies, no 5xx',
    async () => {
      const valid = fc.record(
        {
          COUNTRY_CODE: fc.oneof(
            fc.constantFrom('USA', 'ISR', 'IRN', 'PSE', 'XXX', 'usa', ''),
            fc.string(),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(jsonBodies(valid), contentTypes, async (body, type) => {
          const answer = await post('/api/eligibility', body, { 'content-type': type });
          expectHandled(answer);
          if (answer.statusCode === 200) expect(['true', 'false']).toContain(answer.body);
        }),
        PROPERTY,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'POST /api/requestcountryfirststep with a valid token: 1,000 malformed bodies, no 5xx',
    async () => {
      const valid = mutated({
        EXT_COUNTRY_ID: 840,
        biometric: true,
        Passport_type_for_visa: 'P',
        Valid_for_ETAIL: 'Y',
      });
      const wrongTypes = fc.record(
        {
          EXT_COUNTRY_ID: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.anything()),
          biometric: fc.oneof(fc.boolean(), fc.anything()),
          Passport_type_for_visa: fc.oneof(fc.constantFrom('P', 'L', 'D', 'O'), fc.string()),
          Valid_for_ETAIL: fc.oneof(fc.constantFrom('Y', 'N'), fc.anything()),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(jsonBodies(valid, wrongTypes), contentTypes, async (body, type) => {
          expectHandled(
            await post('/api/requestcountryfirststep', body, {
              'content-type': type,
              'auth-token': fuzzer.token,
            }),
          );
        }),
        PROPERTY,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'POST /api/senddatamarom with a valid token: 1,000 malformed drafts, no 5xx',
    async () => {
      const draft = JSON.parse(JSON.stringify(fuzzer.draft())) as Json;
      const bearer = (draft.bearerList as Json[])[0] ?? {};
      const withBearer = mutated(bearer).map((b) => ({ ...draft, bearerList: [b] }));
      /** Mostly no header; sometimes a valid one, sometimes junk. */
      const optionalHeader = (valid: fc.Arbitrary<string>) =>
        fc.oneof(
          { arbitrary: fc.constant(null), weight: 6 },
          { arbitrary: valid, weight: 1 },
          { arbitrary: headerValue, weight: 1 },
        );
      const headers = fc.record({
        key: optionalHeader(fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/)),
        timeZone: optionalHeader(fc.constantFrom('Pacific/Honolulu', 'Asia/Tokyo', 'UTC')),
      });
      await fc.assert(
        fc.asyncProperty(
          jsonBodies(mutated(draft), withBearer),
          contentTypes,
          headers,
          async (body, type, { key, timeZone }) => {
            const sent: Record<string, string> = {
              'content-type': type,
              'auth-token': fuzzer.token,
            };
            if (key !== null) sent['idempotency-key'] = key;
            if (timeZone !== null) sent['x-time-zone'] = timeZone;
            expectHandled(await post('/api/senddatamarom', body, sent));
          },
        ),
        PROPERTY,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'POST /api/photo with a valid token: 1,000 random uploads and garbage, no 5xx',
    async () => {
      const boundary = fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/);
      /** A well-formed multipart body around random bytes behind a known magic number. */
      const randomFile = fc
        .record({
          boundary,
          magic: fc.constantFrom(JPEG_MAGIC, pngHeader, GIF_MAGIC, new Uint8Array()),
          bytes: fc.uint8Array({ maxLength: 4096 }),
          name: fc.oneof(fc.constant('photo'), fc.string()),
          filename: fc.oneof(fc.constant('photo.jpg'), fc.string()),
          contentType: fc.oneof(fc.constantFrom('image/jpeg', 'image/png'), fc.string()),
        })
        .map(({ boundary: b, magic, bytes, name, filename, contentType }) => {
          const content = Buffer.concat([magic, bytes]);
          return multipart([{ name, filename, contentType, content }], b);
        });
      /** A real JPEG with some of its bytes overwritten: sharp must refuse it, not crash. */
      const damagedJpeg = fc
        .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 16,
        })
        .map((changes) => {
          const bytes = Buffer.from(validJpeg);
          for (const [at, value] of changes) bytes[4 + (at % (bytes.length - 4))] = value;
          return multipart([{ name: 'photo', filename: 'photo.jpg', content: bytes }]);
        });
      /** Bytes that only claim to be multipart. */
      const garbage = fc
        .record({ boundary, bytes: fc.uint8Array({ maxLength: 4096 }), text: fc.string() })
        .map(({ boundary: b, bytes, text }) => ({
          payload: Buffer.concat([Buffer.from(`--${b}\r\n${text}`), bytes]),
          headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        }));
      /** Not multipart at all. */
      const other = fc.record({ body: jsonBodies(), type: contentTypes }).map(({ body, type }) => ({
        payload: Buffer.from(body),
        headers: { 'content-type': type },
      }));

      await fc.assert(
        fc.asyncProperty(
          fc.oneof(randomFile, damagedJpeg, garbage, other),
          async ({ payload, headers }) => {
            expectHandled(
              await post('/api/photo', payload, { ...headers, 'auth-token': fuzzer.token }),
            );
          },
        ),
        PROPERTY,
      );
    },
    TIMEOUT_MS,
  );
});
