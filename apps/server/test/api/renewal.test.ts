// A renewal link (issue 31 item 3, decision 057): issued for an approved application, it e-mails
// a code (purpose 'renewal') to the application's address and, with it, opens once a new
// application filled in from the last one with a session to submit it; a second use and a link
// past its 30 days are 410, an unknown one 404. The submission of that session is the renewal.
import { bearerOf, type RenewalOpened } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validDraft } from '../../../../packages/domain/test/fixtures.ts';
import { useLink } from '../../src/api/renewal/service.ts';
import { issueRenewalLink } from '../../src/decisions/renewal-link.ts';
import { jpegImage, submit, uploadPhoto } from '../application.ts';
import {
  approve,
  decisionDeps,
  HIGH_LIMITS,
  identity,
  PUBLIC_URL,
  SETUP_MS,
  type Submitted,
  submitted,
} from '../decisions/support.ts';
import {
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  startTestServer,
  type TestServer,
} from '../harness.ts';
import { completedRenewal } from './renewal-support.ts';

const DAY = 24 * 60 * 60 * 1000;
const LINK = new RegExp(`^${PUBLIC_URL}/renew#([A-Za-z0-9_-]{43})$`);

describe.each(DATABASES)('renewal links on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, payload: object) => server.request({ method: 'POST', url, payload });
  /** The renewals gauge of /metrics, by stage (counted in the database). */
  const renewalsGauge = async () => {
    const text = await server.metrics.registry.getSingleMetricAsString('eta_renewals');
    const of = (stage: string) =>
      Number(new RegExp(`eta_renewals\\{stage="${stage}"\\} (\\d+)`).exec(text)?.[1] ?? NaN);
    return { started: of('started'), submitted: of('submitted') };
  };

  /** An approved application and a renewal link for it: the link's token. */
  const approvedWithLink = async (email: string) => {
    const app = await submitted(server, email);
    await approve(server, app.id);
    const url = await issueRenewalLink(server.database.db, decisionDeps(server).publicUrl, {
      applicationId: app.id,
      now: server.clock(),
    });
    const token = LINK.exec(url)?.[1] ?? '';
    return { app, url, token };
  };

  /** Asks for the link's code and reads it from the mail. */
  const renewalCode = async (token: string, email: string) => {
    server.clock.advance(31_000); // past the code service's resend interval
    const codeMails = () => server.smtp.received.filter((m) => m.to === email && isCodeMail(m));
    const before = codeMails().length;
    const sent = await post('/api/renewal/code', { token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toBe(`${email[0]}•••@example.com`);
    const mail = await eventually(() => codeMails()[before]);
    return { code: codeIn(mail) ?? '', timestamp: sent.json().timestamp as number };
  };

  const linkRow = (applicationId: string) =>
    server.database.db
      .selectFrom('renewal_link')
      .selectAll()
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();

  it('a link is stored by its hash only, lives 30 days, and opens a filled-in application once', async () => {
    const { app, url, token } = await approvedWithLink('renew.once@example.com');
    expect(url).toMatch(LINK);
    const row = await linkRow(app.id);
    expect(Buffer.from(row.token_hash).toString('base64url')).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.email).toBe(app.email);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(30 * DAY);

    const opened = await post('/api/renewal', { token, ...(await renewalCode(token, app.email)) });
    expect(opened.statusCode).toBe(200);
    const body = opened.json() as RenewalOpened & { statusCode: number };
    expect(body.email).toBe(app.email);
    expect(body.confirmAgain).toEqual(['history']);
    expect(body.notices).toEqual([]);
    const before = bearerOf(validDraft());
    const renewed = bearerOf(body.draft);
    // Carried: the person, the contact, the history answers; the passport lasts two more years.
    expect(renewed.firstName).toBe(before.firstName);
    expect(renewed.motherLastName).toBe(before.motherLastName);
    expect(renewed.mobilePhoneNum).toBe(before.mobilePhoneNum);
    expect(renewed.lawProblemsYN).toBe(before.lawProblemsYN);
    expect(renewed.passportNum).toBe(app.passportNumber);
    expect(body.draft.reqMainEmailAddress).toBe(app.email);
    // Asked again: the trip, the photo, the declaration; the old state is not carried.
    expect(renewed.estimatedArrivalDate).toBe('');
    expect(renewed.entryReasonId).toBeNull();
    expect(renewed.photoId).toBeNull();
    expect(body.draft.reqDeclaration).toBe(0);
    expect(body.draft.reqStatusId.id).toBe(1);
    expect((await linkRow(app.id)).used_at).not.toBeNull();

    // Single use: the code call and the use both answer 410 now.
    expect((await post('/api/renewal/code', { token })).statusCode).toBe(410);
    const again = await post('/api/renewal', { token, code: '123456', timestamp: Date.now() });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ statusCode: 410, code: 'renewalLinkExpired' });

    // The session submits the renewal like any application; it is recorded as the renewal, and
    // /metrics counts one more renewal submitted.
    const counted = await renewalsGauge();
    const photo = await uploadPhoto(server, body.idToken, await jpegImage());
    expect(photo.statusCode).toBe(200);
    // Sent three times at once (an attacker racing the link's claim, which is in the same
    // statement as the application): one is stored and claims the link, the others are 401.
    const completed = completedRenewal(body.draft, photo.json().photoId);
    const answers = await Promise.all([1, 2, 3].map(() => submit(server, body.idToken, completed)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    const answer = answers.find((a) => a.statusCode === 200)!;
    const renewal = await server.database.db
      .selectFrom('application')
      .select(['id', 'state', 'replaces_application_id'])
      .where('req_num', '=', answer.json().ReqNum)
      .executeTakeFirstOrThrow();
    expect((await linkRow(app.id)).renewed_application_id).toBe(renewal.id);
    // A renewal replaces nothing: the old authorization runs out on its own date.
    expect(renewal.replaces_application_id).toBeNull();
    // The renewed application is marked so: its 7-day reminder is not sent (expiry-reminders.ts).
    const marked = await server.database.db
      .selectFrom('application')
      .select('renewal_submitted_at')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(marked.renewal_submitted_at).toEqual(server.clock());
    expect(await renewalsGauge()).toEqual({
      started: counted.started,
      submitted: counted.submitted + 1,
    });
    expect(counted.started).toBeGreaterThanOrEqual(1);
  });

  it('two uses at once: one opens the application, the other is 410', async () => {
    const { app, token } = await approvedWithLink('renew.race@example.com');
    const code = await renewalCode(token, app.email);
    // The second use cannot confirm the same code again, so race the link's use itself.
    const { db } = server.database;
    const results = await Promise.all(
      ['session-a-0123456789ab', 'session-b-0123456789ab'].map((sid) =>
        db.transaction().execute((tx) => useLink(tx, server.clock, token, sid)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: 'renewalLinkExpired' }]);
    // And the route then refuses the link, even with a right code.
    const opened = await post('/api/renewal', { token, ...code });
    expect(opened.statusCode).toBe(410);
  });

  it('a link past its 30 days is 410, for the code and for the use', async () => {
    const { app, token } = await approvedWithLink('renew.late@example.com');
    const code = await renewalCode(token, app.email);
    server.clock.advance(31 * DAY);
    const sent = await post('/api/renewal/code', { token });
    expect(sent.statusCode).toBe(410);
    expect(sent.json()).toMatchObject({ statusCode: 410, code: 'renewalLinkExpired' });
    expect((await post('/api/renewal', { token, ...code })).statusCode).toBe(410);
  });

  it('another site cannot use a link or open a new passport: every new POST needs the XSRF header', async () => {
    const { app, token } = await approvedWithLink('renew.xsrf@example.com');
    const calls: [string, object][] = [
      ['/api/renewal/code', { token }],
      ['/api/renewal', { token, code: '123456', timestamp: Date.now() }],
      ['/api/status/new-passport/code', identity(app)],
      ['/api/status/new-passport', { ...identity(app), code: '123456', timestamp: Date.now() }],
    ];
    for (const [url, payload] of calls) {
      const answer = await server.app.inject({
        method: 'POST',
        url,
        headers: { cookie: 'XSRF-TOKEN=abc' },
        payload,
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('xsrfMissing');
    }
    // Nothing was used, and no code of either purpose was made.
    expect((await linkRow(app.id)).used_at).toBeNull();
    const codes = await server.database.db
      .selectFrom('email_code')
      .select('purpose')
      .where('email', '=', app.email)
      .where('purpose', 'in', ['renewal', 'newPassport'])
      .execute();
    expect(codes).toEqual([]);
  });

  it('an unknown or malformed link is 404, saying nothing of whether it existed', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token', `${'B'.repeat(42)}`]) {
      const sent = await post('/api/renewal/code', { token });
      expect(sent.statusCode).toBe(404);
      expect(sent.json()).toMatchObject({ statusCode: 404, code: 'renewalLinkNotFound' });
      const used = await post('/api/renewal', { token, code: '123456', timestamp: Date.now() });
      expect(used.statusCode).toBe(404);
    }
    expect((await post('/api/renewal/code', {})).statusCode).toBe(400);
  });

  it("the code is bound to 'renewal' and to the link: a sign-up code or another link's code does not open it", async () => {
    const first: { app: Submitted; token: string } = await approvedWithLink('renew.a@example.com');
    const second = await issueRenewalLink(server.database.db, decisionDeps(server).publicUrl, {
      applicationId: first.app.id,
      now: server.clock(),
    });
    const otherToken = LINK.exec(second)?.[1] ?? '';
    // A code for the other link of the same address.
    const otherCode = await renewalCode(otherToken, first.app.email);
    const wrongLink = await post('/api/renewal', { token: first.token, ...otherCode });
    expect(wrongLink.statusCode).toBe(400);
    // A sign-up code of the same address.
    server.clock.advance(31_000);
    const codeMails = () =>
      server.smtp.received.filter((m) => m.to === first.app.email && isCodeMail(m));
    const before = codeMails().length;
    const signUp = await post('/api/deletecognitouser', {
      email: first.app.email,
      render: 'signUpUser',
    });
    expect(signUp.statusCode).toBe(200);
    const signUpCode = codeIn(await eventually(() => codeMails()[before])) ?? '';
    const withSignUp = await post('/api/renewal', {
      token: first.token,
      code: signUpCode,
      timestamp: signUp.json().body.timestamp,
    });
    expect(withSignUp.statusCode).toBe(400);
    // Neither refusal used the link: its own code still opens it.
    const own = await post('/api/renewal', {
      token: first.token,
      ...(await renewalCode(first.token, first.app.email)),
    });
    expect(own.statusCode).toBe(200);
  });
});
