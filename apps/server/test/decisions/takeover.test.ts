// A traveller's record safe from anyone who knows its three facts (issue 26 items 2, 4, 7; decision
// 047, 048): the application number, the passport number and the birth date find a record, but
// every change needs a code sent to the record's CURRENT address, bound to its purpose and to that
// application; wrong codes are counted in the database, so the sixth try fails however the tries
// are timed; a stranger's look-ups count against the stranger's source, not the owner's.
import { CODE_MAX_WRONG_TRIES } from '@eta-il/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  startTestServer,
  type TestServer,
} from '../harness.ts';
import { drive, HIGH_LIMITS, identity, SETUP_MS, type Submitted, submitted } from './support.ts';

const ATTACKER = 'mallory@attacker.test';

describe.each(DATABASES)('the e-mail takeover on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
    server.request({ method: 'POST', url, payload, remoteAddress });
  const codeMails = (email: string) =>
    server.smtp.received.filter((m) => m.to === email && isCodeMail(m));
  /** Asks `url` for a code and reads it from the newest mail to `to`. */
  const codeFrom = async (url: string, payload: object, to: string) => {
    server.clock.advance(31_000); // past the resend interval
    const before = codeMails(to).length;
    const sent = await post(url, payload);
    expect(sent.statusCode).toBe(200);
    const mail = await eventually(() => codeMails(to)[before]);
    return { code: codeIn(mail) ?? '', timestamp: sent.json().timestamp as number };
  };
  const emailOf = async (app: Submitted) =>
    (
      await server.database.db
        .selectFrom('application')
        .select('email')
        .where('id', '=', app.id)
        .executeTakeFirstOrThrow()
    ).email;
  const stateOf = async (app: Submitted) =>
    (await post('/api/status', identity(app))).json().status as string;

  it('a code asked for a new address goes to the CURRENT address, never to the new one', async () => {
    const app = await submitted(server, 'victim.one@example.com');
    const attackerBefore = codeMails(ATTACKER).length;
    server.clock.advance(31_000);
    const sent = await post('/api/status/correction/code', { ...identity(app), email: ATTACKER });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toBe('v•••@example.com');
    await eventually(() => codeMails(app.email).at(-1));
    expect(codeMails(ATTACKER).length).toBe(attackerBefore);
  });

  it('the attacker’s own sign-up code does not confirm a change of address', async () => {
    const app = await submitted(server, 'victim.two@example.com');
    server.clock.advance(31_000);
    const before = codeMails(ATTACKER).length;
    const signUp = await post('/api/deletecognitouser', {
      email: ATTACKER,
      render: 'signUpUser',
    });
    const timestamp = signUp.json().body.timestamp as number;
    const code = codeIn(await eventually(() => codeMails(ATTACKER)[before])) ?? '';
    const moved = await post('/api/status/correction', {
      ...identity(app),
      code,
      timestamp,
      changes: { reqMainEmailAddress: ATTACKER },
    });
    expect(moved.statusCode).toBe(400);
    expect(await emailOf(app)).toBe(app.email);
  });

  it('the owner’s code from the current address changes the address', async () => {
    const app = await submitted(server, 'victim.three@example.com');
    const confirmed = await codeFrom('/api/status/correction/code', identity(app), app.email);
    const moved = await post('/api/status/correction', {
      ...identity(app),
      ...confirmed,
      changes: { reqMainEmailAddress: 'new.three@example.com' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await emailOf(app)).toBe('new.three@example.com');
  });

  it('a code is bound to its purpose: a sign-up or withdrawal code does not correct', async () => {
    const app = await submitted(server, 'victim.four@example.com');
    const withdrawal = await codeFrom('/api/status/withdraw/code', identity(app), app.email);
    const corrected = await post('/api/status/correction', {
      ...identity(app),
      ...withdrawal,
      changes: { addressTownName: 'Haifa' },
    });
    expect(corrected.statusCode).toBe(400);
    // The owner's own sign-up code (the same address) does not withdraw either.
    server.clock.advance(31_000);
    const before = codeMails(app.email).length;
    const signUp = await post('/api/deletecognitouser', {
      email: app.email,
      render: 'signUpUser',
    });
    const code = codeIn(await eventually(() => codeMails(app.email)[before])) ?? '';
    const withdrawn = await post('/api/status/withdraw', {
      ...identity(app),
      code,
      timestamp: signUp.json().body.timestamp,
    });
    expect(withdrawn.statusCode).toBe(400);
    expect(await stateOf(app)).toBe('submitted');
  });

  it('a code is bound to its application: A’s code does not withdraw B (same address)', async () => {
    const a = await submitted(server, 'two.apps@example.com');
    const other = await submitted(server, 'two.apps.b@example.com');
    // Two applications of one address (a traveller may apply more than once).
    await server.database.db
      .updateTable('application')
      .set({ email: a.email })
      .where('id', '=', other.id)
      .execute();
    const b = { ...other, email: a.email };
    const forA = await codeFrom('/api/status/withdraw/code', identity(a), a.email);
    const onB = await post('/api/status/withdraw', { ...identity(b), ...forA });
    expect(onB.statusCode).toBe(400);
    expect(await stateOf(b)).toBe('submitted');
    const onA = await post('/api/status/withdraw', { ...identity(a), ...forA });
    expect(onA.statusCode).toBe(200);
  });

  it('answering an officer needs a code sent to the current address', async () => {
    const app = await submitted(server, 'asked.code@example.com');
    await drive(server, app.id, [
      ['startScreening'],
      ['screeningHit', ['watchlist']],
      ['requestInfo', ['travelPurpose']],
    ]);
    const without = await post('/api/status/answer', { ...identity(app), answer: 'Tourism.' });
    expect(without.statusCode).toBe(400);
    expect(await stateOf(app)).toBe('info_requested');
    const confirmed = await codeFrom('/api/status/answer/code', identity(app), app.email);
    const answered = await post('/api/status/answer', {
      ...identity(app),
      ...confirmed,
      answer: 'Tourism.',
    });
    expect(answered.json()).toEqual({ statusCode: 200, status: 'in_review' });
  });

  it.each([
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ])('an answer with the direction control U+%s is 400 naming the field', async (mark) => {
    const refused = await post('/api/status/answer', {
      ...identity({
        reqNum: 'IL-ANY',
        passportNumber: 'AB1234567',
        birthDate: '1990-01-01',
      } as Submitted),
      answer: `Tourism ${mark}gnp.exe`,
      code: '123456',
      timestamp: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'answerCharacters', field: 'answer' });
  });

  it('a wrong code says how many tries are left', async () => {
    const app = await submitted(server, 'tries.left@example.com');
    const { code, timestamp } = await codeFrom(
      '/api/status/withdraw/code',
      identity(app),
      app.email,
    );
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await post('/api/status/withdraw', { ...identity(app), code: wrong, timestamp });
    expect(first.json()).toMatchObject({
      statusCode: 400,
      code: 'codeWrong',
      triesLeft: CODE_MAX_WRONG_TRIES - 1,
    });
    const second = await post('/api/status/withdraw', { ...identity(app), code: wrong, timestamp });
    expect(second.json()).toMatchObject({ triesLeft: CODE_MAX_WRONG_TRIES - 2 });
  });

  describe('concurrent wrong codes', () => {
    const burst = (app: Submitted, codes: string[], timestamp: number) =>
      Promise.all(
        codes.map((code) => post('/api/status/withdraw', { ...identity(app), code, timestamp })),
      );
    const failedAttempts = async (app: Submitted) =>
      (
        await server.database.db
          .selectFrom('email_code')
          .select(['failed_attempts'])
          .where('email', '=', app.email)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).failed_attempts;
    const codesOf = (answers: LightMyRequestResponse[]) =>
      answers.map((a) => (a.json() as { code?: string }).code);

    it('16 wrong at once: exactly five are judged, the right code is refused after', async () => {
      const app = await submitted(server, 'burst.one@example.com');
      const { code, timestamp } = await codeFrom(
        '/api/status/withdraw/code',
        identity(app),
        app.email,
      );
      const wrong = Array.from({ length: 16 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await burst(app, wrong, timestamp);
      const seen = codesOf(answers);
      expect(seen.filter((c) => c === 'codeWrong')).toHaveLength(CODE_MAX_WRONG_TRIES - 1);
      expect(seen.filter((c) => c === 'codeUsedUp')).toHaveLength(16 - CODE_MAX_WRONG_TRIES + 1);
      expect(await failedAttempts(app)).toBe(CODE_MAX_WRONG_TRIES);
      const right = await post('/api/status/withdraw', { ...identity(app), code, timestamp });
      expect(right.statusCode).toBe(400);
      expect(right.json().code).toBe('codeUsedUp');
      expect(await stateOf(app)).toBe('submitted');
    });

    it('16 wrong and the right one at once: never more than five tries are judged', async () => {
      const app = await submitted(server, 'burst.two@example.com');
      const { code, timestamp } = await codeFrom(
        '/api/status/withdraw/code',
        identity(app),
        app.email,
      );
      const wrong = Array.from({ length: 16 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await burst(app, [...wrong.slice(0, 8), code, ...wrong.slice(8)], timestamp);
      const seen = codesOf(answers);
      const accepted = answers.filter((a) => a.statusCode === 200).length;
      // Judged wrong tries answer codeWrong (or codeUsedUp for the fifth); once the right code is
      // used the rest find no code to try (codeExpired).
      expect(seen.filter((c) => c === 'codeWrong').length).toBeLessThanOrEqual(
        CODE_MAX_WRONG_TRIES - 1,
      );
      expect(await failedAttempts(app)).toBeLessThanOrEqual(CODE_MAX_WRONG_TRIES);
      if (accepted === 1) expect(await stateOf(app)).toBe('withdrawn');
      else {
        expect(accepted).toBe(0);
        expect(await failedAttempts(app)).toBe(CODE_MAX_WRONG_TRIES);
        expect(await stateOf(app)).toBe('submitted');
      }
    });
  });
});

describe.each(DATABASES)('status look-up limits on %s', (kind) => {
  let server: TestServer;
  let app: Submitted;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      services: {
        rateLimits: { ...HIGH_LIMITS, status: 1_000, statusPerApplication: 10 },
      },
    });
    app = await submitted(server, 'owner.limits@example.com');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const status = (payload: object, remoteAddress: string) =>
    server.request({ method: 'POST', url: '/api/status', payload, remoteAddress });

  it('a stranger’s wrong look-ups from one source do not lock the owner out', async () => {
    const wrong = { ...identity(app), birthDate: '1901-01-01' };
    const stranger = await Promise.all(
      Array.from({ length: 25 }, () => status(wrong, '203.0.113.66')),
    );
    const codes = stranger.map((a) => a.statusCode);
    // Counted atomically: exactly ten are answered, however they are timed.
    expect(codes.filter((c) => c === 404)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const owner = await status(identity(app), '192.0.2.10');
    expect(owner.statusCode).toBe(200);
  });
});
