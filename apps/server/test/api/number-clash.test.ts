// Application numbers are random: one already taken (rare, 30⁸ of them) makes the submission try
// again with new numbers, all in one transaction, so the traveller is answered once with a number
// of their own and gets one acknowledgement (issue 32: the application, its e-mail and the
// session's revocation are one statement now).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_NUMBER_PATTERN } from '../../src/api/submission/application-number.ts';
import { applicant, newSession, submit } from '../application.ts';
import { DATABASES, STARTUP_MS, startTestServer, type TestServer } from '../harness.ts';

const TAKEN = 'IL-2222-2222';
/** The numbers drawn: TAKEN for the first two draws, then random ones. */
const draws = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/api/submission/application-number.ts', async (original) => {
  const actual = await original<typeof import('../../src/api/submission/application-number.ts')>();
  return {
    ...actual,
    newApplicationNumber: () => {
      draws.count += 1;
      return draws.count <= 2 ? TAKEN : actual.newApplicationNumber();
    },
  };
});

describe.each(DATABASES)('an application number already taken, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });

  it('the second submission drawing it is stored under a new number, once', async () => {
    draws.count = 0;
    const first = await applicant(server, `first-${kind}@example.com`);
    const stored = await submit(server, first.token, first.draft());
    expect(stored.statusCode).toBe(200);
    expect(stored.json().ReqNum).toBe(TAKEN);

    const second = await applicant(server, `second-${kind}@example.com`);
    const answer = await submit(server, second.token, second.draft());
    expect(answer.statusCode).toBe(200);
    const number = answer.json().ReqNum as string;
    expect(number).toMatch(APPLICATION_NUMBER_PATTERN);
    expect(number).not.toBe(TAKEN);
    expect(draws.count).toBe(3);

    const { db } = server.database;
    const rows = await db
      .selectFrom('application')
      .select('req_num')
      .where('email', '=', second.email)
      .execute();
    expect(rows.map((r) => r.req_num)).toEqual([number]);
    const mails = await db
      .selectFrom('mail_message')
      .select('subject')
      .where('recipient', '=', second.email)
      .where('kind', '=', 'acknowledgement')
      .execute();
    expect(mails).toHaveLength(1);
    // The session was revoked by the attempt that stored: it submits no more.
    const again = await submit(server, second.token, second.draft());
    expect(again.statusCode).toBe(401);
    // And a new session of the same address may (its own number).
    const next = await submit(server, await newSession(server, second.email), second.draft());
    expect(next.statusCode).toBe(200);
  }, 120_000);
});
