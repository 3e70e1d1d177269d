// Forged requests in the back office (issue 26 item 1): a page of another origin, even another
// port of the same host (same site, so a SameSite=Strict cookie still goes along), must not change
// anything with a signed-in member's session. Every call that changes state needs the office's own
// Origin (or Sec-Fetch-Site: same-origin), the session's anti-forgery token and a JSON body; each
// refusal is a 403 or 415 whose body's statusCode equals the HTTP status.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  FROM_OFFICE,
  type OfficeTestServer,
  PASSWORD,
  referredCase,
  type SignedIn,
  staffMember,
  startOfficeServer,
  stateOf,
} from './support.ts';

/** The same host as the back office, another port: same site, another origin. */
const OTHER_PORT = 'http://office.test:8080';

describe.each(DATABASES)('forged back-office requests on %s', (kind) => {
  let server: OfficeTestServer;
  let officer: SignedIn;
  let supervisor: SignedIn;
  let otherSupervisor: SignedIn;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
    officer = await staffMember(server, 'officer');
    supervisor = await staffMember(server, 'supervisor');
    otherSupervisor = await staffMember(server, 'supervisor');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  /** A call with the member's session cookie and exactly the headers and body given. */
  const raw = (who: SignedIn, options: InjectOptions) => {
    const cookie = `office_session=${who.sessionId}`;
    return server.office.inject({ ...options, headers: { ...options.headers, cookie } });
  };
  const claimOf = async (id: string) =>
    server.database.db
      .selectFrom('case_claim')
      .select('staff_id')
      .where('application_id', '=', id)
      .executeTakeFirst();
  const token = (who: SignedIn) => ({ 'x-office-token': who.antiForgeryToken ?? '' });
  const json = { 'content-type': 'application/json' };

  const expectRefused = (
    response: Awaited<ReturnType<typeof raw>>,
    statusCode: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toMatchObject({ statusCode, code });
    expect(response.json().message).toEqual(expect.any(String));
  };

  it('refuses a claim and an approval without Origin, from another port, or cross-site', async () => {
    const app = await referredCase(server, 'forged-origin@example.com');
    const claim = `/office/api/cases/${app.id}/claim`;
    const approve = `/office/api/cases/${app.id}/approve`;
    const body = JSON.stringify({});
    for (const headers of [
      { ...token(officer), ...json },
      { ...token(officer), ...json, origin: OTHER_PORT },
      { ...token(officer), ...json, origin: 'null' },
      { ...token(officer), ...json, 'sec-fetch-site': 'same-site' },
      { ...token(officer), ...json, 'sec-fetch-site': 'cross-site' },
    ]) {
      expectRefused(
        await raw(officer, { method: 'POST', url: claim, headers, body }),
        403,
        'crossOrigin',
      );
      expectRefused(
        await raw(officer, { method: 'POST', url: approve, headers, body }),
        403,
        'crossOrigin',
      );
    }
    expect(await claimOf(app.id)).toBeUndefined();
    expect(await stateOf(server, app.id)).toBe('in_review');
    // What a browser on the office's own pages sends: no Origin, but Sec-Fetch-Site: same-origin.
    const sameOrigin = await raw(officer, {
      method: 'POST',
      url: claim,
      headers: { ...token(officer), ...json, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await claimOf(app.id)).toEqual({ staff_id: officer.id });
  });

  it('refuses a call without the anti-forgery token, or with another session’s', async () => {
    const app = await referredCase(server, 'forged-token@example.com');
    const url = `/office/api/cases/${app.id}/claim`;
    const missing = await raw(officer, {
      method: 'POST',
      url,
      headers: { ...FROM_OFFICE, ...json },
      body: '{}',
    });
    expectRefused(missing, 403, 'antiForgeryToken');
    const someoneElses = await raw(officer, {
      method: 'POST',
      url,
      headers: { ...FROM_OFFICE, ...json, ...token(supervisor) },
      body: '{}',
    });
    expectRefused(someoneElses, 403, 'antiForgeryToken');
    const made = await raw(officer, {
      method: 'POST',
      url,
      headers: { ...FROM_OFFICE, ...json, 'x-office-token': 'x'.repeat(43) },
      body: '{}',
    });
    expectRefused(made, 403, 'antiForgeryToken');
    expect(await claimOf(app.id)).toBeUndefined();
    // The token the sign-in gave is also what "who am I" hands a reloaded page.
    const me = await officer.call({ method: 'GET', url: '/office/api/me' });
    expect(me.json().antiForgeryToken).toBe(officer.antiForgeryToken);
    expect(officer.antiForgeryToken).not.toBe(supervisor.antiForgeryToken);
  });

  it('refuses text/plain, form and empty bodies with 415, before reading them', async () => {
    const app = await referredCase(server, 'forged-body@example.com');
    const url = `/office/api/cases/${app.id}/claim`;
    const headers = { ...FROM_OFFICE, ...token(officer) };
    for (const [type, body] of [
      ['text/plain', '{}'],
      ['text/plain;charset=UTF-8', '{"note":"x"}'],
      ['application/x-www-form-urlencoded', 'note=x'],
      ['multipart/form-data; boundary=x', '--x--'],
      ['application/json', ''],
      [undefined, ''],
    ] as const) {
      const answer = await raw(officer, {
        method: 'POST',
        url,
        headers: type === undefined ? headers : { ...headers, 'content-type': type },
        body,
      });
      expectRefused(answer, 415, 'jsonRequired');
    }
    expect(await claimOf(app.id)).toBeUndefined();
  });

  it('a supervisor’s confirmation of a refusal cannot be forged; the real one works', async () => {
    const app = await referredCase(server, 'forged-refusal@example.com');
    const post = (who: SignedIn, path: string, payload: object = {}) =>
      who.call({ method: 'POST', url: `/office/api/cases/${app.id}/${path}`, payload });
    expect((await post(officer, 'claim')).statusCode).toBe(200);
    const proposed = await post(officer, 'refuse', {
      reasons: ['securityConcern'],
      note: 'Listed on a watch list.',
    });
    expect(proposed.statusCode).toBe(200);
    const confirm = `/office/api/cases/${app.id}/refusal/confirm`;
    const forged = [
      // A form of another port: text/plain, no token.
      { origin: OTHER_PORT, 'content-type': 'text/plain' },
      // A no-cors fetch of another port that somehow knew the token.
      { origin: OTHER_PORT, 'content-type': 'text/plain', ...token(supervisor) },
      // JSON from another port (a browser would first ask with a preflight, which gets no CORS).
      { origin: OTHER_PORT, ...json, ...token(supervisor) },
    ];
    for (const headers of forged) {
      const answer = await raw(supervisor, { method: 'POST', url: confirm, headers, body: '{}' });
      expect([403, 415]).toContain(answer.statusCode);
      expect(answer.json().statusCode).toBe(answer.statusCode);
    }
    expect(await stateOf(server, app.id)).toBe('in_review');
    const pending = await server.database.db
      .selectFrom('pending_refusal')
      .select('application_id')
      .where('application_id', '=', app.id)
      .executeTakeFirst();
    expect(pending).toBeDefined();
    expect((await post(otherSupervisor, 'refusal/confirm')).json()).toMatchObject({
      statusCode: 200,
      state: 'refused',
    });
  });

  it('sign-in and set-up from another origin are refused (no signing a browser in as someone else)', async () => {
    const signIn = await server.office.inject({
      method: 'POST',
      url: '/office/api/sign-in',
      headers: { origin: OTHER_PORT },
      payload: { email: officer.email, password: PASSWORD, code: '000000' },
    });
    expectRefused(signIn, 403, 'crossOrigin');
    const asForm = await server.office.inject({
      method: 'POST',
      url: '/office/api/sign-in',
      headers: { ...FROM_OFFICE, 'content-type': 'text/plain' },
      body: JSON.stringify({ email: officer.email, password: PASSWORD, code: '000000' }),
    });
    expectRefused(asForm, 415, 'jsonRequired');
  });

  it('reads stay open to the office’s own GETs, and the real back office still claims and approves', async () => {
    const app = await referredCase(server, 'real-office@example.com');
    const queue = await officer.call({ method: 'GET', url: '/office/api/queue' });
    expect(queue.statusCode).toBe(200);
    const post = (path: string) =>
      officer.call({ method: 'POST', url: `/office/api/cases/${app.id}/${path}` });
    expect((await post('claim')).statusCode).toBe(200);
    expect((await post('approve')).json()).toMatchObject({ statusCode: 200, state: 'approved' });
  });
});
