// Staff sign-in through OpenID Connect (OIDC_ISSUER), against a real provider (oidc-provider on
// a local port): the round trip signs in with the provider's role, the role follows the provider,
// and every identity that is not enough (no staff role, an unverified address, a disabled
// account, a tampered or missing attempt, an unreachable provider) is refused, audited and sent
// back to the sign-in screen with the reason.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import { signInAtIssuer, startTestIssuer, type TestIssuer } from '../oidc-issuer.ts';
import {
  addStaffWithLink,
  OFFICE_URL,
  type OfficeTestServer,
  sessionCookie,
  startOfficeServer,
} from './support.ts';

const CALLBACK = new URL('office/api/oidc/callback', OFFICE_URL).href;

describe.each(DATABASES)('OpenID Connect sign-in on %s', (kind) => {
  let issuer: TestIssuer;
  let server: OfficeTestServer;
  beforeAll(async () => {
    issuer = await startTestIssuer(CALLBACK);
    server = await startOfficeServer(kind, { oidc: issuer.settings });
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
  });

  const start = () => server.office.inject({ method: 'GET', url: '/office/api/oidc/start' });
  const transactionOf = (started: LightMyRequestResponse) => {
    const cookie = started.cookies.find((c) => c.name === 'office_oidc');
    if (!cookie) throw new Error(`no transaction cookie: ${started.statusCode}`);
    return cookie;
  };
  const callback = (url: URL, transaction?: string) =>
    server.office.inject({
      method: 'GET',
      url: url.pathname + url.search,
      cookies: transaction === undefined ? {} : { office_oidc: transaction },
    });
  /** The whole round trip as a browser makes it: start, the provider's pages, the callback. */
  const signInAs = async (login: string) => {
    const started = await start();
    const back = await signInAtIssuer(String(started.headers.location), login);
    return callback(back, transactionOf(started).value);
  };
  const me = (cookie: string) =>
    server.office.inject({ method: 'GET', url: '/office/api/me', headers: { cookie } });
  const lastAudit = () =>
    server.database.db
      .selectFrom('audit_event')
      .select(['action', 'actor', 'staff_id', 'details'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();

  it('the sign-in screen is told OpenID Connect is on', async () => {
    const answer = await server.office.inject({ method: 'GET', url: '/office/api/auth-methods' });
    expect(answer.json()).toEqual({ statusCode: 200, local: true, oidc: true });
  });

  it('start sends the browser to the provider with PKCE, state and nonce, and keeps them in a Lax HttpOnly cookie', async () => {
    const started = await start();
    expect(started.statusCode).toBe(302);
    const to = new URL(String(started.headers.location));
    expect(to.origin).toBe(issuer.url);
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = transactionOf(started);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/office/api/oidc' });
  });

  it('a member signs in with the role the provider gives; the role follows the provider', async () => {
    issuer.accounts.set('ada', {
      email: 'Ada@Office.test',
      email_verified: true,
      roles: ['staff', 'officer'],
    });
    const first = await signInAs('ada');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/');
    const session = first.cookies.find((c) => c.name === 'office_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/office' });
    const who = (await me(sessionCookie(first))).json().staff;
    expect(who).toMatchObject({ email: 'ada@office.test', role: 'officer' });
    expect(await lastAudit()).toMatchObject({
      action: 'signIn',
      staff_id: who.id,
      details: { method: 'oidc' },
    });

    issuer.accounts.set('ada', {
      email: 'ada@office.test',
      email_verified: true,
      roles: 'supervisor',
    });
    const again = await signInAs('ada');
    expect((await me(sessionCookie(again))).json().staff).toEqual({ ...who, role: 'supervisor' });
  });

  it('an account an admin created for the same address is the one signed in (linked on first use)', async () => {
    const added = await addStaffWithLink(
      server.database.db,
      server.clock(),
      'grace@office.test',
      'auditor',
    );
    if (!added.ok) throw new Error(added.problem);
    issuer.accounts.set('grace', {
      email: 'grace@office.test',
      email_verified: true,
      roles: ['auditor'],
    });
    const answer = await signInAs('grace');
    expect((await me(sessionCookie(answer))).json().staff.id).toBe(added.id);
    const row = await server.database.db
      .selectFrom('staff')
      .select('oidc_subject')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(row.oidc_subject).toBe('grace');
  });

  it('an OpenID Connect provider without email_verified: no link to the local account of that address', async () => {
    const added = await addStaffWithLink(
      server.database.db,
      server.clock(),
      'admin-target@office.test',
      'auditor',
    );
    if (!added.ok) throw new Error(added.problem);
    // The provider vouches for the subject but says nothing of the address.
    issuer.accounts.set('claims-the-address', {
      email: 'admin-target@office.test',
      roles: 'auditor',
    });
    const answer = await signInAs('claims-the-address');
    expect(answer.headers.location).toBe('/?signIn=oidcNoEmail');
    expect(answer.cookies.find((c) => c.name === 'office_session')).toBeUndefined();
    expect(await lastAudit()).toMatchObject({
      action: 'signInFailed',
      actor: 'oidc',
      details: { method: 'oidc', problem: 'oidcNoEmail' },
    });
    const row = await server.database.db
      .selectFrom('staff')
      .select('oidc_subject')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(row.oidc_subject).toBeNull();
  });

  it.each([
    [
      'no staff role',
      { email: 'guest@office.test', email_verified: true, roles: ['traveller'] },
      'oidcNoRole',
    ],
    [
      'an unverified address',
      { email: 'new@office.test', email_verified: false, roles: 'officer' },
      'oidcNoEmail',
    ],
    ['no address at all', { roles: 'officer' }, 'oidcNoEmail'],
  ])('an identity with %s is refused and audited', async (_what, claims, problem) => {
    const login = `refused-${problem}-${Math.random().toString(36).slice(2)}`;
    issuer.accounts.set(login, claims);
    const answer = await signInAs(login);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/?signIn=${problem}`);
    expect(answer.cookies.find((c) => c.name === 'office_session')).toBeUndefined();
    expect(await lastAudit()).toMatchObject({
      action: 'signInFailed',
      details: { method: 'oidc', problem },
    });
  });

  it('a disabled account stays out whatever the provider says', async () => {
    issuer.accounts.set('mallory', {
      email: 'mallory@office.test',
      email_verified: true,
      roles: 'admin',
    });
    await signInAs('mallory');
    await server.database.db
      .updateTable('staff')
      .set({ disabled: true })
      .where('oidc_subject', '=', 'mallory')
      .execute();
    const answer = await signInAs('mallory');
    expect(answer.headers.location).toBe('/?signIn=oidcDisabled');
    expect(answer.cookies.find((c) => c.name === 'office_session')).toBeUndefined();
  });

  it('an address linked to another subject is not taken over', async () => {
    issuer.accounts.set('first-owner', {
      email: 'shared@office.test',
      email_verified: true,
      roles: 'officer',
    });
    issuer.accounts.set('second-owner', {
      email: 'shared@office.test',
      email_verified: true,
      roles: 'admin',
    });
    await signInAs('first-owner');
    const answer = await signInAs('second-owner');
    expect(answer.headers.location).toBe('/?signIn=oidcConflict');
  });

  it('a callback without its attempt, with another attempt or with a forged state is refused', async () => {
    issuer.accounts.set('eve', {
      email: 'eve@office.test',
      email_verified: true,
      roles: 'officer',
    });
    const started = await start();
    const back = await signInAtIssuer(String(started.headers.location), 'eve');
    expect((await callback(back)).headers.location).toBe('/?signIn=oidcFailed');

    const other = transactionOf(await start()).value;
    expect((await callback(back, other)).headers.location).toBe('/?signIn=oidcFailed');

    const forged = new URL(back);
    forged.searchParams.set('state', 'forged');
    const answer = await callback(forged, transactionOf(started).value);
    expect(answer.headers.location).toBe('/?signIn=oidcFailed');
    expect(answer.cookies.find((c) => c.name === 'office_session')).toBeUndefined();
    expect((await callback(back, 'not-a-transaction')).headers.location).toBe(
      '/?signIn=oidcFailed',
    );
  });

  it(
    'an unreachable provider sends the browser back to sign-in, and local sign-in still answers',
    async () => {
      const unreachable = await startOfficeServer(kind, {
        oidc: {
          issuer: 'http://127.0.0.1:9/',
          clientId: 'x',
          clientSecret: 'y',
          roleClaim: 'roles',
          scope: 'openid email',
        },
      });
      try {
        const answer = await unreachable.office.inject({
          method: 'GET',
          url: '/office/api/oidc/start',
        });
        expect(answer.statusCode).toBe(302);
        expect(answer.headers.location).toBe('/?signIn=oidcUnavailable');
        const local = await unreachable.office.inject({
          method: 'POST',
          url: '/office/api/sign-in',
          headers: { origin: new URL(OFFICE_URL).origin },
          payload: { email: 'nobody@office.test', password: 'x', code: '000000' },
        });
        expect(local.statusCode).toBe(401);
      } finally {
        await unreachable.close();
      }
      // It starts a server of its own (a new database and its migrations): a set-up's time.
    },
    SETUP_MS,
  );
});

describe('without OIDC_ISSUER', () => {
  let server: OfficeTestServer;
  beforeAll(async () => {
    server = await startOfficeServer('pglite');
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  it('the routes do not exist and the sign-in screen shows local accounts only', async () => {
    const methods = await server.office.inject({ method: 'GET', url: '/office/api/auth-methods' });
    expect(methods.json()).toEqual({ statusCode: 200, local: true, oidc: false });
    const started = await server.office.inject({ method: 'GET', url: '/office/api/oidc/start' });
    expect(started.statusCode).toBe(404);
  });
});
