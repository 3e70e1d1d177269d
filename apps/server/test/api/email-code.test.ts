// POST /api/deletecognitouser (SPEC §7): codes sent by real SMTP, confirmed, limited.
import {
  ADDRESS_BLOCK_MS,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_INTERVAL_MS,
  CODE_SENDS_PER_ADDRESS_PER_HOUR,
  CODE_SENDS_PER_CLIENT_PER_HOUR,
  CODE_TTL_MS,
  messageText,
} from '@eta-il/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeFromMail,
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  startTestServer,
  type TestServer,
  verifiedToken,
} from '../harness.ts';

const SEND = '/api/deletecognitouser%20';
const CONFIRM = '/api/deletecognitouser';
/** Another client than the harness's default (127.0.0.1), as Fastify sees its address. */
const STRANGER = '203.0.113.66';

describe.each(DATABASES)('email codes on %s', (kind) => {
  let server: TestServer;
  // A fresh server per case; on a loaded machine PGlite can take over a minute to start.
  beforeEach(async () => {
    server = await startTestServer({ kind });
  }, 180_000);
  afterEach(async () => {
    await server.close();
  });

  const from = (client: string | undefined) => (client ? { remoteAddress: client } : {});
  const sendCode = (email: string, client?: string) =>
    server.request({
      method: 'POST',
      url: SEND,
      payload: { email, render: 'signUpUser', password: 'Fixed1!' },
      ...from(client),
    });
  const confirm = (email: string, confirmationCode: string, timestamp: number, client?: string) =>
    server.request({
      method: 'POST',
      url: CONFIRM,
      payload: { email, confirmationCode, timestamp, render: 'confirmSignUp' },
      ...from(client),
    });
  /** The code of the `n`th code e-mail to `email` (1 = the first), once it has arrived. */
  const nthCode = (email: string, n: number) =>
    eventually(() => {
      const mail = server.smtp.received.filter((m) => m.to === email && isCodeMail(m))[n - 1];
      return mail ? codeIn(mail) : undefined;
    });
  const refusal = (body: string) =>
    JSON.parse(JSON.parse(body).body) as { message: string; code: string };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('§7 signUpUser e-mails a 6-digit code over SMTP and answers the timestamp; confirmSignUp answers an idToken', async () => {
    const sent = await sendCode('Traveller@Example.com');
    expect(sent.statusCode).toBe(200);
    const { timestamp } = sent.json().body;
    expect(timestamp).toBe(server.clock().getTime());
    const code = await codeFromMail(server.smtp, 'traveller@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await confirm('traveller@example.com', code, timestamp);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().statusCode).toBe(200);
    expect(confirmed.json().body.idToken.split('.')).toHaveLength(3);
  });

  it('the code e-mail is written in the language the browser asks for (Accept-Language)', async () => {
    const sent = await server.request({
      method: 'POST',
      url: SEND,
      headers: { 'accept-language': 'he-IL,he;q=0.9,en;q=0.5' },
      payload: { email: 'hebrew@example.com', render: 'signUpUser' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await codeFromMail(server.smtp, 'hebrew@example.com');
    const mail = server.smtp.received.find((m) => m.to === 'hebrew@example.com');
    expect(mail?.subject).toContain(code);
    expect(mail?.subject).toMatch(/[\u0590-\u05FF]/);
    expect(mail?.text).toMatch(/[\u0590-\u05FF]/);
    expect(mail?.raw).toContain('dir=3D"rtl"');
  });

  it('stores only a keyed hash of the code, never the code', async () => {
    await sendCode('hash@example.com');
    const code = await codeFromMail(server.smtp, 'hash@example.com');
    const rows = await server.database.db.selectFrom('email_code').select('code_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('the %20 twin and the plain path are the same call', async () => {
    const plain = await server.request({
      method: 'POST',
      url: CONFIRM,
      payload: { email: 'twin@example.com', render: 'signUpUser' },
    });
    expect(plain.statusCode).toBe(200);
  });

  it('a wrong code is 400 with a JSON-encoded message the boxes show, and the tries left', async () => {
    const { timestamp } = (await sendCode('wrong@example.com')).json().body;
    const code = await codeFromMail(server.smtp, 'wrong@example.com');
    const answer = await confirm('wrong@example.com', wrong(code), timestamp);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, triesLeft: CODE_MAX_WRONG_TRIES - 1 });
    expect(refusal(answer.body)).toEqual({
      message: messageText('codeWrong'),
      code: 'codeWrong',
      triesLeft: CODE_MAX_WRONG_TRIES - 1,
    });
  });

  it('a timestamp past the year 9999 is a 400, never a database error', async () => {
    await sendCode('far@example.com');
    const code = await codeFromMail(server.smtp, 'far@example.com');
    const answer = await confirm('far@example.com', code, Date.UTC(10000, 0, 1));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().statusCode).toBe(400);
  });

  it('a code lives 10 minutes', async () => {
    const { timestamp } = (await sendCode('late@example.com')).json().body;
    const code = await codeFromMail(server.smtp, 'late@example.com');
    server.clock.advance(CODE_TTL_MS);
    const answer = await confirm('late@example.com', code, timestamp);
    expect(answer.statusCode).toBe(400);
    expect(refusal(answer.body).code).toBe('codeExpired');
  });

  it('a code works once', async () => {
    const { timestamp } = (await sendCode('once@example.com')).json().body;
    const code = await codeFromMail(server.smtp, 'once@example.com');
    expect((await confirm('once@example.com', code, timestamp)).statusCode).toBe(200);
    const again = await confirm('once@example.com', code, timestamp);
    expect(again.statusCode).toBe(400);
    expect(refusal(again.body).code).toBe('codeExpired');
  });

  it('only the newest code counts: an older timestamp is refused', async () => {
    const first = (await sendCode('newest@example.com')).json().body.timestamp;
    server.clock.advance(CODE_RESEND_INTERVAL_MS + 1);
    await sendCode('newest@example.com');
    const code = await codeFromMail(server.smtp, 'newest@example.com');
    expect(refusal((await confirm('newest@example.com', code, first)).body).code).toBe(
      'codeExpired',
    );
  });

  it('brute force: after 5 wrong tries the 6th fails even with the right code', async () => {
    const { timestamp } = (await sendCode('brute@example.com')).json().body;
    const code = await codeFromMail(server.smtp, 'brute@example.com');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(refusal((await confirm('brute@example.com', wrong(code), timestamp)).body).code);
    }
    expect(answers).toEqual(['codeWrong', 'codeWrong', 'codeWrong', 'codeWrong', 'codeUsedUp']);
    const sixth = await confirm('brute@example.com', code, timestamp);
    expect(sixth.statusCode).toBe(400);
    expect(refusal(sixth.body).code).toBe('codeUsedUp');
  });

  it('sending: at most 1 per 30 seconds per address and client (429)', async () => {
    expect((await sendCode('often@example.com')).statusCode).toBe(200);
    server.clock.advance(CODE_RESEND_INTERVAL_MS - 1);
    const tooSoon = await sendCode('often@example.com');
    expect(tooSoon.statusCode).toBe(429);
    expect(refusal(tooSoon.body).code).toBe('codeSendTooSoon');
    server.clock.advance(2);
    expect((await sendCode('often@example.com')).statusCode).toBe(200);
    // Another address is not affected.
    expect((await sendCode('other@example.com')).statusCode).toBe(200);
  });

  it('sending: at most 5 per hour per address and client (429)', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await sendCode('hourly@example.com')).statusCode).toBe(200);
      server.clock.advance(CODE_RESEND_INTERVAL_MS + 1);
    }
    const sixth = await sendCode('hourly@example.com');
    expect(sixth.statusCode).toBe(429);
    expect(refusal(sixth.body).code).toBe('codeSendLimit');
    // Another client still gets codes for the address: a stranger cannot use up its sends.
    expect((await sendCode('hourly@example.com', STRANGER)).statusCode).toBe(200);
    server.clock.advance(60 * 60 * 1000);
    expect((await sendCode('hourly@example.com')).statusCode).toBe(200);
  });

  it(`sending: at most ${CODE_SENDS_PER_ADDRESS_PER_HOUR} per hour per address from all clients together`, async () => {
    const email = 'popular@example.com';
    for (let i = 1; i <= CODE_SENDS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await sendCode(email, `198.51.100.${i}`)).statusCode).toBe(200);
    }
    const over = await sendCode(email, '198.51.100.200');
    expect(over.statusCode).toBe(429);
    expect(refusal(over.body).code).toBe('codeSendLimit');
  });

  it(`sending: at most ${CODE_SENDS_PER_CLIENT_PER_HOUR} per hour per client to all addresses together`, async () => {
    for (let i = 1; i <= CODE_SENDS_PER_CLIENT_PER_HOUR; i++) {
      expect((await sendCode(`many${i}@example.com`, STRANGER)).statusCode).toBe(200);
    }
    const over = await sendCode('many-more@example.com', STRANGER);
    expect(over.statusCode).toBe(429);
    expect(over.json().statusCode).toBe(429);
    expect(refusal(over.body).code).toBe('tooManyRequests');
    // Other clients are not affected.
    expect((await sendCode('many-more@example.com')).statusCode).toBe(200);
  });

  it('a stranger asking for a newer code does not cancel the traveller’s code', async () => {
    const email = 'own.code@example.com';
    const { timestamp } = (await sendCode(email)).json().body;
    const code = await nthCode(email, 1);
    server.clock.advance(1000);
    expect((await sendCode(email, STRANGER)).statusCode).toBe(200);
    expect((await confirm(email, code, timestamp)).statusCode).toBe(200);
  });

  it('a stranger’s fifteen wrong codes block the stranger, not the traveller’s own client', async () => {
    const email = 'traveller@example.org';
    let last = '';
    for (let round = 1; round <= 3; round++) {
      const { timestamp } = (await sendCode(email, STRANGER)).json().body;
      const code = await nthCode(email, round);
      for (let i = 0; i < 5; i++) {
        last = refusal((await confirm(email, wrong(code), timestamp, STRANGER)).body).code;
      }
      server.clock.advance(CODE_RESEND_INTERVAL_MS + 1);
    }
    expect(last).toBe('codeBlocked');
    const strangerAgain = await sendCode(email, STRANGER);
    expect(strangerAgain.statusCode).toBe(429);
    expect(refusal(strangerAgain.body).code).toBe('codeBlocked');
    // The traveller, on their own client, asks for a code and verifies as usual.
    const sent = await sendCode(email);
    expect(sent.statusCode).toBe(200);
    const code = await nthCode(email, 4);
    const verified = await confirm(email, code, sent.json().body.timestamp);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().body.idToken).toMatch(/^ey/);
  });

  it('15 wrong tries within an hour block that client from the address for 2 hours', async () => {
    const email = 'blocked@example.com';
    let last = '';
    for (let round = 0; round < 3; round++) {
      const { timestamp } = (await sendCode(email)).json().body;
      const code = await codeFromMail(server.smtp, email);
      for (let i = 0; i < 5; i++) {
        last = refusal((await confirm(email, wrong(code), timestamp)).body).code;
      }
      server.clock.advance(CODE_RESEND_INTERVAL_MS + 1);
    }
    expect(last).toBe('codeBlocked');
    const send = await sendCode(email);
    expect(send.statusCode).toBe(429);
    expect(refusal(send.body).code).toBe('codeBlocked');
    server.clock.advance(ADDRESS_BLOCK_MS);
    expect((await sendCode(email)).statusCode).toBe(200);
  });

  it('refreshToken needs the current valid token for that email', async () => {
    const token = await verifiedToken(server, 'refresh@example.com');
    const refresh = (email: string, header?: string) =>
      server.request({
        method: 'POST',
        url: CONFIRM,
        headers: header ? { 'auth-token': header } : {},
        payload: { email, render: 'refreshToken' },
      });
    const renewed = await refresh('refresh@example.com', token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().body.idToken).toMatch(/^ey/);
    expect((await refresh('refresh@example.com')).statusCode).toBe(401);
    expect((await refresh('someone@example.com', token)).statusCode).toBe(401);
    server.clock.advance(60 * 60 * 1000 + 1000);
    expect((await refresh('refresh@example.com', token)).statusCode).toBe(401);
  });

  it('bad bodies are 400 with a message, never 500', async () => {
    for (const payload of [
      {},
      { render: 'signUpUser' },
      { render: 'signUpUser', email: 'not-an-email' },
      { render: 'confirmSignUp', email: 'a@example.com', confirmationCode: '12a456', timestamp: 1 },
      { render: 'nope', email: 'a@example.com' },
    ]) {
      const answer = await server.request({ method: 'POST', url: CONFIRM, payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
  });

  it('every POST needs the XSRF header matching the cookie', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: SEND,
      headers: { cookie: 'XSRF-TOKEN=abc' },
      payload: { email: 'xsrf@example.com', render: 'signUpUser' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('xsrfMissing');
  });
});
