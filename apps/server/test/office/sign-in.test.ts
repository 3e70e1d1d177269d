// Staff sign-in: the set-up link (once, 24 hours), password + TOTP (each code once), lockout after repeated
// failures, sessions that end after 15 idle minutes or 8 hours, the cookie's attributes, and an
// audit row for every sign-in, successful or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/office/auth/credentials.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  addStaffWithLink,
  FROM_OFFICE,
  type OfficeTestServer,
  PASSWORD,
  sessionCookie,
  sessionHeaders,
  setUpDirectly,
  setupTokenFromMail,
  startOfficeServer,
} from './support.ts';

const MINUTE = 60 * 1000;

describe.each(DATABASES)('staff sign-in on %s', (kind) => {
  let server: OfficeTestServer;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const signIn = (email: string, password: string, code: string) =>
    server.office.inject({
      method: 'POST',
      url: '/office/api/sign-in',
      headers: FROM_OFFICE,
      payload: { email, password, code },
    });
  const me = (cookie: string) =>
    server.office.inject({ method: 'GET', url: '/office/api/me', headers: { cookie } });
  const lastAudit = () =>
    server.database.db
      .selectFrom('audit_event')
      .select(['action', 'actor', 'details'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();

  it('the set-up link sets a password, returns the TOTP secret, and works once', async () => {
    const added = await addStaffWithLink(
      server.database.db,
      server.clock(),
      'New@Office.test',
      'officer',
    );
    if (!added.ok) throw new Error(added.problem);
    expect(added.email).toBe('new@office.test');
    const weak = await server.office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: FROM_OFFICE,
      payload: { token: added.token, password: 'short' },
    });
    expect(weak.json()).toMatchObject({ statusCode: 400, code: 'weakPassword' });
    const setup = await server.office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: FROM_OFFICE,
      payload: { token: added.token, password: PASSWORD },
    });
    expect(setup.statusCode).toBe(200);
    const { totpSecret, otpauthUri } = setup.json();
    expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${totpSecret}`);
    expect(otpauthUri.startsWith('otpauth://totp/')).toBe(true);
    const again = await server.office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: FROM_OFFICE,
      payload: { token: added.token, password: PASSWORD },
    });
    expect(again.json()).toMatchObject({ statusCode: 410, code: 'setupLinkInvalid' });

    const answer = await signIn(
      'new@office.test',
      PASSWORD,
      totpCode(totpSecret, 'new@office.test', server.clock()),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().staff).toMatchObject({ email: 'new@office.test', role: 'officer' });
    const cookie = answer.cookies.find((c) => c.name === 'office_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/office' });
    expect((await me(sessionCookie(answer))).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'signIn', actor: 'new@office.test' });
  });

  it('a set-up link expires after 24 hours', async () => {
    const added = await addStaffWithLink(
      server.database.db,
      server.clock(),
      'late@office.test',
      'auditor',
    );
    if (!added.ok) throw new Error(added.problem);
    server.clock.advance(24 * 60 * MINUTE + 1000);
    const late = await server.office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: FROM_OFFICE,
      payload: { token: added.token, password: PASSWORD },
    });
    expect(late.statusCode).toBe(410);
  });

  it('a wrong password or code fails the same way, audited; five failures lock the account', async () => {
    const { totpSecret } = await setUpDirectly(server, 'locked@office.test', 'officer');
    const good = () => totpCode(totpSecret, 'locked@office.test', server.clock());
    const wrongCode = good() === '000000' ? '111111' : '000000';
    const bad = await signIn('locked@office.test', PASSWORD, wrongCode);
    expect(bad.json()).toMatchObject({ statusCode: 401, code: 'wrongCredentials' });
    expect(await lastAudit()).toMatchObject({
      action: 'signInFailed',
      actor: 'locked@office.test',
      details: { problem: 'wrongCredentials' },
    });
    expect((await signIn('nobody@office.test', PASSWORD, good())).json().code).toBe(
      'wrongCredentials',
    );
    for (let i = 0; i < 3; i++) {
      expect((await signIn('locked@office.test', 'wrong password!', good())).statusCode).toBe(401);
    }
    const fifth = await signIn('locked@office.test', 'wrong password!', good());
    expect(fifth.json()).toMatchObject({ statusCode: 423, code: 'accountLocked' });
    // Locked: even the right password and code are refused for 15 minutes.
    expect((await signIn('locked@office.test', PASSWORD, good())).statusCode).toBe(423);
    server.clock.advance(15 * MINUTE + 1000);
    expect((await signIn('locked@office.test', PASSWORD, good())).statusCode).toBe(200);
  });

  it('a session ends after 15 idle minutes, and after 8 hours however busy', async () => {
    const { totpSecret } = await setUpDirectly(server, 'session@office.test', 'supervisor');
    const code = () => totpCode(totpSecret, 'session@office.test', server.clock());
    const idle = sessionCookie(await signIn('session@office.test', PASSWORD, code()));
    server.clock.advance(14 * MINUTE);
    expect((await me(idle)).statusCode).toBe(200);
    server.clock.advance(16 * MINUTE);
    expect((await me(idle)).statusCode).toBe(401);

    const busy = sessionCookie(await signIn('session@office.test', PASSWORD, code()));
    for (let minutes = 0; minutes < 8 * 60; minutes += 10) {
      server.clock.advance(10 * MINUTE);
      if (minutes + 10 < 8 * 60) expect((await me(busy)).statusCode).toBe(200);
    }
    server.clock.advance(MINUTE);
    expect((await me(busy)).statusCode).toBe(401);
  });

  it('a TOTP code signs in once: the same code again fails', async () => {
    const { totpSecret } = await setUpDirectly(server, 'replay@office.test', 'officer');
    const code = totpCode(totpSecret, 'replay@office.test', server.clock());
    expect((await signIn('replay@office.test', PASSWORD, code)).statusCode).toBe(200);
    const replay = await signIn('replay@office.test', PASSWORD, code);
    expect(replay.json()).toMatchObject({ statusCode: 401, code: 'wrongCredentials' });
    server.clock.advance(30_000);
    const next = totpCode(totpSecret, 'replay@office.test', server.clock());
    expect((await signIn('replay@office.test', PASSWORD, next)).statusCode).toBe(200);
  });

  it('signing out ends the session', async () => {
    const { totpSecret } = await setUpDirectly(server, 'out@office.test', 'admin');
    const session = await signIn(
      'out@office.test',
      PASSWORD,
      totpCode(totpSecret, 'out@office.test', server.clock()),
    );
    const cookie = sessionCookie(session);
    const out = await server.office.inject({
      method: 'POST',
      url: '/office/api/sign-out',
      headers: sessionHeaders(session),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('an admin adds staff and the set-up link goes by e-mail; a disabled member is signed out', async () => {
    const { totpSecret } = await setUpDirectly(server, 'admin@office.test', 'admin');
    const headers = sessionHeaders(
      await signIn(
        'admin@office.test',
        PASSWORD,
        totpCode(totpSecret, 'admin@office.test', server.clock()),
      ),
    );
    const added = await server.office.inject({
      method: 'POST',
      url: '/office/api/staff',
      headers,
      payload: { email: 'hired@office.test', role: 'officer' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.body).not.toContain('token');
    const token = await setupTokenFromMail(server, 'hired@office.test');
    const setup = await server.office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: FROM_OFFICE,
      payload: { token, password: PASSWORD },
    });
    expect(setup.statusCode).toBe(200);
    const hired = sessionCookie(
      await signIn(
        'hired@office.test',
        PASSWORD,
        totpCode(setup.json().totpSecret, 'hired@office.test', server.clock()),
      ),
    );
    const disabled = await server.office.inject({
      method: 'POST',
      url: `/office/api/staff/${added.json().id}/disable`,
      headers,
      payload: {},
    });
    expect(disabled.statusCode).toBe(200);
    expect((await me(hired)).statusCode).toBe(401);
    const twice = await server.office.inject({
      method: 'POST',
      url: '/office/api/staff',
      headers,
      payload: { email: 'hired@office.test', role: 'officer' },
    });
    expect(twice.json()).toMatchObject({ statusCode: 409, code: 'staffExists' });
  });
});
