// Issue 9, "limits that hold across instances": two server instances on one PostgreSQL database
// behind one load balancer enforce one per-IP limit and one set of code limits; a client cannot
// pick its own address with X-Forwarded-For while no proxy is trusted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createPostgresDatabase,
  DATABASES,
  eventually,
  isCodeMail,
  type SmtpListener,
  startSmtpListener,
  startTestServer,
  type TestClock,
  type TestServer,
  testClock,
} from '../harness.ts';

const LIMIT = 4;
/** Starting servers on a loaded two-core machine can take longer than Vitest's default hook time. */
const STARTUP_MS = 180_000;
/** The code route's limit in the two-instance suite: room for the stranger's 20 calls below. */
const CODE_LIMIT = 20;
const SEND = '/api/deletecognitouser%20';
const CONFIRM = '/api/deletecognitouser';

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
/** `n` requests one after another, the i-th made by `make(i)`. */
const inTurn = async <T>(n: number, make: (i: number) => Promise<T>) => {
  const answers: T[] = [];
  for (let i = 0; i < n; i++) answers.push(await make(i));
  return answers;
};

describe.each(DATABASES)('one instance on %s, no proxy trusted', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: { global: LIMIT } } });
  }, STARTUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  it('a spoofed X-Forwarded-For changes nothing: 8 requests, 8 addresses, still limited', async () => {
    const answers = await inTurn(8, (i) =>
      server.request({
        method: 'GET',
        url: '/api/config',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      }),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect(answers[4]?.json()).toMatchObject({ statusCode: 429 });
  });

  it('the count is kept in the database, not in the process', async () => {
    const rows = await server.database.db
      .selectFrom('rate_limit')
      .select(['key', 'hits'])
      .where('key', 'like', '%127.0.0.1%')
      .execute();
    // Four served and the fifth request's claim, which found the limit passed; the three after it
    // were refused in memory until the window ends (rate-limit-claims.ts).
    expect(rows).toEqual([{ key: 'global:127.0.0.1', hits: 5 }]);
  });
});

// PostgreSQL only: PGlite is embedded in one process.
describe.each(DATABASES.filter((k) => k === 'postgres'))('two instances on %s', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let smtp: SmtpListener;
  let clock: TestClock;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    smtp = await startSmtpListener();
    clock = testClock();
    const services = { rateLimits: { global: LIMIT, code: CODE_LIMIT } };
    // One after the other: starting together is the reference seed's own test.
    a = await startTestServer({ databaseUrl: database.url, smtp, clock, services });
    b = await startTestServer({ databaseUrl: database.url, smtp, clock, services });
  }, STARTUP_MS);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await smtp?.close();
    await database?.drop();
  });
  const either = (i: number) => (i % 2 === 0 ? a : b);

  it('share the per-IP limit: requests split across both, the combined count is limited', async () => {
    const client = { remoteAddress: '192.0.2.10' };
    const answers = await inTurn(8, (i) =>
      either(i).request({ method: 'GET', url: '/api/config', ...client }),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    // Another client has its own count.
    const other = await b.request({ method: 'GET', url: '/api/config' });
    expect(other.statusCode).toBe(200);
  });

  it('the window ends for both: after a minute the client is served again, ended counts purged', async () => {
    const client = { remoteAddress: '192.0.2.11' };
    await inTurn(LIMIT + 1, (i) =>
      either(i).request({ method: 'GET', url: '/api/config', ...client }),
    );
    expect((await a.request({ method: 'GET', url: '/api/config', ...client })).statusCode).toBe(
      429,
    );
    clock.advance(60_001);
    expect((await b.request({ method: 'GET', url: '/api/config', ...client })).statusCode).toBe(
      200,
    );
    const ended = await a.database.db
      .selectFrom('rate_limit')
      .select('key')
      .where('reset_at', '<=', clock())
      .execute();
    expect(ended).toEqual([]);
  });

  it('share the code route limit across both instances and both path spellings', async () => {
    const client = { remoteAddress: '192.0.2.12' };
    const answers = await inTurn(2 * CODE_LIMIT, (i) =>
      either(i).request({
        method: 'POST',
        // a, b, a, b… with the plain path, then the same with the %20 twin.
        url: i < CODE_LIMIT ? CONFIRM : SEND,
        payload: { email: 'route.limit@example.com', render: 'refreshToken' },
        ...client,
      }),
    );
    expect(statuses(answers)).toEqual([
      ...Array<number>(CODE_LIMIT).fill(401),
      ...Array<number>(CODE_LIMIT).fill(429),
    ]);
    expect(answers.at(-1)?.json()).toMatchObject({ statusCode: 429 });
  });

  it('share the code block: a stranger’s 15 wrong tries through both block the stranger on both, not the traveller', async () => {
    const email = 'shared.block@example.com';
    const stranger = '203.0.113.77';
    const traveller = '192.0.2.99';
    const nthCode = (n: number) =>
      eventually(() => {
        const mail = smtp.received.filter((m) => m.to === email && isCodeMail(m))[n - 1];
        return mail ? codeIn(mail) : undefined;
      });
    const sendCode = (server: TestServer, remoteAddress: string) =>
      server.request({
        method: 'POST',
        url: SEND,
        payload: { email, render: 'signUpUser' },
        remoteAddress,
      });
    const confirm = (server: TestServer, remoteAddress: string, code: string, timestamp: number) =>
      server.request({
        method: 'POST',
        url: CONFIRM,
        payload: { email, confirmationCode: code, timestamp, render: 'confirmSignUp' },
        remoteAddress,
      });
    const refusal = (answer: { json: () => { body: string } }) =>
      JSON.parse(answer.json().body).code;

    const outcomes: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const sent = await sendCode(either(round), stranger);
      expect(sent.statusCode).toBe(200);
      const wrong = String((Number(await nthCode(round)) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) {
        const answer = await confirm(either(i), stranger, wrong, sent.json().body.timestamp);
        outcomes.push(refusal(answer));
      }
      clock.advance(30_001);
    }
    expect(outcomes.at(-1)).toBe('codeBlocked');
    for (const server of [a, b]) {
      expect(refusal(await sendCode(server, stranger))).toBe('codeBlocked');
    }
    // The traveller asks through a and confirms through b.
    const sent = await sendCode(a, traveller);
    expect(sent.statusCode).toBe(200);
    const verified = await confirm(b, traveller, await nthCode(4), sent.json().body.timestamp);
    expect(verified.statusCode).toBe(200);
  });
});
