// Staff secrets (issue 26 item 7): a new password is refused when it is short, on the breached
// list @zxcvbn-ts/language-common ships, or easy to guess, with a reason the back office
// translates; TOTP secrets are sealed at rest (AES-256-GCM, a key from AUTH_SECRET, bound to the
// account); the clear column of migration 007 is gone (migration 017).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/office/auth/credentials.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  addStaffWithLink,
  FROM_OFFICE,
  type OfficeTestServer,
  PASSWORD,
  setUpDirectly,
  startOfficeServer,
} from './support.ts';

describe.each(DATABASES)('staff secrets on %s', (kind) => {
  let server: OfficeTestServer;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const setup = (token: string, password: string) =>
    server.office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: FROM_OFFICE,
      payload: { token, password },
    });
  const signIn = (email: string, code: string) =>
    server.office.inject({
      method: 'POST',
      url: '/office/api/sign-in',
      headers: FROM_OFFICE,
      payload: { email, password: PASSWORD, code },
    });
  const staffRow = (email: string) =>
    server.database.db
      .selectFrom('staff')
      .select(['id', 'totp_sealed'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  it.each([
    ['short', 'tooShort', 'at least 12 characters'],
    ['aaaaaaaaaaaa', 'guessable', 'too easy to guess'],
    ['123412341234', 'guessable', 'too easy to guess'],
    ['password1234', 'breached', 'exposed in data breaches'],
    ['qwertyuiop123', 'breached', 'exposed in data breaches'],
    ['1q2w3e4r5t6y', 'breached', 'exposed in data breaches'],
  ])('set-up refuses %j: %s', async (password, reason, text) => {
    const added = await addStaffWithLink(
      server.database.db,
      server.clock(),
      `weak-${reason}-${password.length}-${password.charCodeAt(0)}@office.test`,
      'officer',
    );
    if (!added.ok) throw new Error(added.problem);
    const answer = await setup(added.token, password);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'weakPassword', reason });
    expect(answer.json().message).toContain(text);
    // The link is not spent: a good password still sets the account up.
    expect((await setup(added.token, PASSWORD)).statusCode).toBe(200);
  });

  it('the TOTP secret is not readable in the database, and still signs in', async () => {
    const email = 'sealed@office.test';
    const { totpSecret } = await setUpDirectly(server, email, 'officer');
    const row = await staffRow(email);
    const sealed = Buffer.from(row.totp_sealed ?? []);
    expect(sealed.length).toBeGreaterThan(28);
    expect(sealed.toString('latin1')).not.toContain(totpSecret);
    const everything = JSON.stringify(
      await server.database.db.selectFrom('staff').selectAll().where('email', '=', email).execute(),
    );
    expect(everything).not.toContain(totpSecret);
    const answer = await signIn(email, totpCode(totpSecret, email, server.clock()));
    expect(answer.statusCode).toBe(200);
  });

  it('a sealed secret copied to another account does not open there', async () => {
    const victim = await setUpDirectly(server, 'victim@office.test', 'supervisor');
    await setUpDirectly(server, 'copier@office.test', 'officer');
    const { totp_sealed: sealed } = await staffRow('victim@office.test');
    await server.database.db
      .updateTable('staff')
      .set({ totp_sealed: sealed })
      .where('email', '=', 'copier@office.test')
      .execute();
    server.clock.advance(30_000);
    const code = totpCode(victim.totpSecret, 'copier@office.test', server.clock());
    expect((await signIn('copier@office.test', code)).statusCode).toBe(401);
  });
});
