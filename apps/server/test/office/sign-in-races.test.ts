// Sign-in races and lockouts (issue 26 items 2 and 7): failures are counted in the database, one
// conditional upsert per attempt, so the sixth attempt fails whatever the timing; the count is
// per address and source, so an attacker elsewhere cannot lock the owner out, and an unknown
// address answers exactly like a known one; each lock in a row lasts twice as long.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/office/auth/credentials.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  FROM_OFFICE,
  type OfficeTestServer,
  PASSWORD,
  setUpDirectly,
  startOfficeServer,
} from './support.ts';

const MINUTE = 60_000;
const OWNER = '198.51.100.7';
const ATTACKER = '203.0.113.9';

describe.each(DATABASES)('sign-in races and lockouts on %s', (kind) => {
  let server: OfficeTestServer;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const signIn = (email: string, password: string, code: string, from = OWNER) =>
    server.office.inject({
      method: 'POST',
      url: '/office/api/sign-in',
      remoteAddress: from,
      headers: FROM_OFFICE,
      payload: { email, password, code },
    });
  const statuses = (answers: LightMyRequestResponse[]) =>
    answers.map((a) => a.statusCode).sort((a, b) => a - b);
  /** Six-digit codes that are not the one valid now (nor one step either side). */
  const wrongCodes = (secret: string, email: string, count: number) => {
    const now = server.clock().getTime();
    const valid = new Set(
      [-30_000, 0, 30_000].map((d) => totpCode(secret, email, new Date(now + d))),
    );
    const codes: string[] = [];
    for (let n = 100_000; codes.length < count; n += 7_919) {
      if (!valid.has(String(n))) codes.push(String(n));
    }
    return codes;
  };

  const sessionsOf = (email: string) =>
    server.database.db
      .selectFrom('staff_session as s')
      .innerJoin('staff as st', 'st.id', 's.staff_id')
      .select('s.id_hash')
      .where('st.email', '=', email)
      .execute();

  it('16 concurrent wrong codes → 4 checked, the fifth starts the lock; then the right code is refused', async () => {
    const email = 'race@office.test';
    const { totpSecret } = await setUpDirectly(server, email, 'officer');
    const answers = await Promise.all(
      wrongCodes(totpSecret, email, 16).map((code) => signIn(email, PASSWORD, code)),
    );
    for (const answer of answers) expect(answer.json().statusCode).toBe(answer.statusCode);
    // Four wrong codes answered "not right"; the fifth attempt started the lock and every later
    // one was refused unchecked, however they were interleaved.
    expect(statuses(answers)).toEqual([...Array(4).fill(401), ...Array(12).fill(423)]);
    // Locked for this address and source: the right code is refused too, for 15 minutes.
    const right = await signIn(email, PASSWORD, totpCode(totpSecret, email, server.clock()));
    expect(right.json()).toMatchObject({ statusCode: 423, code: 'accountLocked' });
    expect(right.cookies.find((c) => c.name === 'office_session')).toBeUndefined();
    expect(await sessionsOf(email)).toEqual([]);
    server.clock.advance(30_000);
    const next = await signIn(email, PASSWORD, totpCode(totpSecret, email, server.clock()));
    expect(next.json()).toMatchObject({ statusCode: 423, code: 'accountLocked' });
    server.clock.advance(15 * MINUTE);
    const later = await signIn(email, PASSWORD, totpCode(totpSecret, email, server.clock()));
    expect(later.statusCode).toBe(200);
  });

  it('the right code among 16 wrong ones at once: at most 5 checked, whatever the order; a session only if the right code was one of them', async () => {
    const email = 'race-right@office.test';
    const { totpSecret } = await setUpDirectly(server, email, 'officer');
    const right = totpCode(totpSecret, email, server.clock());
    const answers = await Promise.all([
      ...wrongCodes(totpSecret, email, 16).map((code) => signIn(email, PASSWORD, code)),
      signIn(email, PASSWORD, right),
    ]);
    for (const answer of answers) expect(answer.json().statusCode).toBe(answer.statusCode);
    const rightAnswer = answers.at(-1);
    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    // Which five take the slots depends on the interleaving: the right code may be one of them
    // (then it signs in) or not (then it is refused unchecked). No wrong code ever passes.
    expect(answers.slice(0, -1).every((a) => a.statusCode === 401 || a.statusCode === 423)).toBe(
      true,
    );
    expect(count(401) + count(200)).toBeLessThanOrEqual(5);
    expect(count(423)).toBeGreaterThanOrEqual(12);
    const signedIn = rightAnswer?.statusCode === 200;
    expect(rightAnswer?.statusCode).toBe(signedIn ? 200 : 423);
    expect(await sessionsOf(email)).toHaveLength(signedIn ? 1 : 0);
    expect(rightAnswer?.cookies.some((c) => c.name === 'office_session')).toBe(signedIn);
  });

  it('two sign-ins with the same right code at once: one session, the other is a replay', async () => {
    const email = 'twin@office.test';
    const { totpSecret } = await setUpDirectly(server, email, 'officer');
    const code = totpCode(totpSecret, email, server.clock());
    const answers = await Promise.all([
      signIn(email, PASSWORD, code),
      signIn(email, PASSWORD, code),
    ]);
    expect(statuses(answers)).toEqual([200, 401]);
  });

  it('an attacker elsewhere locks only their own source out, never the owner', async () => {
    const email = 'owner@office.test';
    const { totpSecret } = await setUpDirectly(server, email, 'supervisor');
    for (let i = 0; i < 4; i++) {
      expect((await signIn(email, 'wrong password!', '000000', ATTACKER)).statusCode).toBe(401);
    }
    expect((await signIn(email, 'wrong password!', '000000', ATTACKER)).statusCode).toBe(423);
    const owner = await signIn(email, PASSWORD, totpCode(totpSecret, email, server.clock()));
    expect(owner.statusCode).toBe(200);
    server.clock.advance(30_000);
    const stillLocked = await signIn(
      email,
      PASSWORD,
      totpCode(totpSecret, email, server.clock()),
      ATTACKER,
    );
    expect(stillLocked.statusCode).toBe(423);
  });

  it('an unknown address answers exactly like a known one, lock included', async () => {
    const known = 'known@office.test';
    await setUpDirectly(server, known, 'auditor');
    const from = '192.0.2.44';
    const run = async (email: string) => {
      const bodies: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await signIn(email, 'wrong password!', '123456', from);
        bodies.push({ status: answer.statusCode, body: answer.json() });
      }
      return bodies;
    };
    const knownAnswers = await run(known);
    const unknownAnswers = await run('nobody-here@office.test');
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => (a as { status: number }).status)).toEqual([
      401, 401, 401, 401, 423, 423,
    ]);
  });

  it('each lock in a row lasts twice as long: 15, then 30 minutes', async () => {
    const email = 'backoff@office.test';
    await setUpDirectly(server, email, 'officer');
    const from = '192.0.2.77';
    const fail = () => signIn(email, 'wrong password!', '123456', from);
    for (let i = 0; i < 4; i++) await fail();
    const first = await fail();
    const start = server.clock().getTime();
    expect(new Date(first.json().lockedUntil).getTime() - start).toBe(15 * MINUTE);
    server.clock.advance(15 * MINUTE + 1000);
    for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
    const second = await fail();
    expect(second.statusCode).toBe(423);
    expect(new Date(second.json().lockedUntil).getTime() - server.clock().getTime()).toBe(
      30 * MINUTE,
    );
  });
});
