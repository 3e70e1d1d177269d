// "Save and continue later" (issue 13, decision 033): a draft saved from the passport step is
// sealed at rest, its link arrives by e-mail, a new code to the saved address resumes it once
// with every value kept; an unknown link is 404, an expired one 410, and the retention job
// deletes an expired draft with its photo while a current one keeps its photo.
import { withBearer } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../../src/jobs/log.ts';
import { runRetention } from '../../src/jobs/retention.ts';
import { applicant } from '../application.ts';
import { HIGH_LIMITS, mailTo, PUBLIC_URL, SETUP_MS } from '../decisions/support.ts';
import {
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  startTestServer,
  type TestServer,
} from '../harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const PASSPORT = 'QX7781234';
const LINK = new RegExp(`${PUBLIC_URL}/resume/([A-Za-z0-9_-]{43})`);

describe.each(DATABASES)('saved applications on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    server.request({ method: 'POST', url, payload: payload as object, headers });

  /** An applicant on the passport step: travel done, passport values typed but not yet Next. */
  const onPassportStep = async (email: string) => {
    const person = await applicant(server, email);
    const full = person.draft();
    const draft = withBearer(full, { passportNum: '', birthDate: '', gender: null });
    const pending = {
      step: 'passport',
      values: { passportNum: PASSPORT, firstName: 'MIRIAM', dayBirth: '07', monthBirth: '03' },
    };
    return { ...person, saved: { draft, pending } };
  };

  const save = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    post('/api/saved-application', body, { 'auth-token': token, ...headers });

  /** The link's token in the newest saved-application mail to `email`. */
  const linkTokenFor = async (email: string, subject = /saved ETA-IL application/) => {
    const mail = await mailTo(server, email, subject);
    return { mail, token: LINK.exec(mail.text)?.[1] ?? '' };
  };

  /** Asks for the resume code of a link and reads it from the mail. */
  const resumeCode = async (token: string, email: string) => {
    server.clock.advance(31_000); // past the code service's resend interval
    const before = server.smtp.received.filter((m) => m.to === email && isCodeMail(m)).length;
    const sent = await post('/api/saved-application/code', { token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toBe(`${email[0]}•••@example.com`);
    const mail = await eventually(
      () => server.smtp.received.filter((m) => m.to === email && isCodeMail(m))[before],
    );
    return { code: codeIn(mail) ?? '', timestamp: sent.json().timestamp as number };
  };

  const savedRows = (email: string) =>
    server.database.db
      .selectFrom('saved_application')
      .selectAll()
      .where('email', '=', email)
      .execute();

  it('saves, e-mails the link, and resumes once with the code: the same draft and typed values', async () => {
    const person = await onPassportStep('resume@example.com');
    const saved = await save(person.token, person.saved);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ statusCode: 201, sentTo: 'r•••@example.com' });
    expect(Date.parse(saved.json().expiresAt) - server.clock().getTime()).toBe(7 * DAY);

    const { mail, token } = await linkTokenFor(person.email);
    expect(token).toHaveLength(43);
    expect(mail.text).toContain('until');

    const confirmed = await resumeCode(token, person.email);
    const resumed = await post('/api/saved-application/resume', { token, ...confirmed });
    expect(resumed.statusCode).toBe(200);
    const body = resumed.json();
    expect(body.draft).toEqual(person.saved.draft);
    expect(body.pending).toEqual(person.saved.pending);
    expect(body.email).toBe(person.email);
    // The fresh token works where a verified address is needed (the photo it saved is there).
    const photo = await server.request({
      method: 'GET',
      url: `/api/photo/${person.photoId}`,
      headers: { 'auth-token': body.idToken },
    });
    expect(photo.statusCode).toBe(200);

    // A link works once.
    expect(await savedRows(person.email)).toEqual([]);
    const again = await post('/api/saved-application/code', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ statusCode: 404, code: 'savedApplicationNotFound' });
  });

  it('the resume code is its own purpose: asked at once after the sign-up code, not throttled by it', async () => {
    const person = await onPassportStep('at.once@example.com');
    await save(person.token, person.saved);
    const { token } = await linkTokenFor(person.email);
    // A new sign-up code of the same address and client, then at once the link's first code.
    server.clock.advance(31_000);
    const codeMails = () =>
      server.smtp.received.filter((m) => m.to === person.email && isCodeMail(m));
    const before = codeMails().length;
    const signUp = await post('/api/deletecognitouser', {
      email: person.email,
      render: 'signUpUser',
    });
    expect(signUp.statusCode).toBe(200);
    const signUpCode = codeIn(await eventually(() => codeMails()[before])) ?? '';
    const sent = await post('/api/saved-application/code', { token });
    expect(sent.statusCode).toBe(200);
    // The sign-up code does not resume the draft: a code confirms only its own purpose.
    const resumedWithSignUp = await post('/api/saved-application/resume', {
      token,
      code: signUpCode,
      timestamp: signUp.json().body.timestamp,
    });
    expect(resumedWithSignUp.statusCode).toBe(400);
  });

  it('stores the draft sealed: neither the passport number nor a name is in the stored bytes', async () => {
    const person = await onPassportStep('sealed@example.com');
    expect((await save(person.token, person.saved)).statusCode).toBe(201);
    const [row] = await savedRows(person.email);
    const bytes = Buffer.from(row?.sealed ?? []);
    expect(bytes.length).toBeGreaterThan(100);
    for (const plain of [PASSPORT, 'MIRIAM', person.email, '"bearerList"']) {
      expect(bytes.includes(Buffer.from(plain))).toBe(false);
    }
    expect(row?.photo_ids).toEqual([person.photoId]);
    // A second save replaces the first: one saved draft, one working link per address.
    const first = (await linkTokenFor(person.email)).token;
    expect((await save(person.token, person.saved)).statusCode).toBe(201);
    expect(await savedRows(person.email)).toHaveLength(1);
    expect((await post('/api/saved-application/code', { token: first })).statusCode).toBe(404);
  });

  it('writes the e-mail in the traveller language', async () => {
    const person = await onPassportStep('hebrew@example.com');
    const saved = await save(person.token, person.saved, { 'accept-language': 'he' });
    expect(saved.statusCode).toBe(201);
    const { mail, token } = await linkTokenFor(person.email, /השמורה/);
    expect(token).toHaveLength(43);
    expect(mail.subject).toBe('בקשת ה-ETA-IL השמורה שלך');
  });

  it('refuses an unknown or tampered link with 404, a wrong code as the code step does', async () => {
    const person = await onPassportStep('tamper@example.com');
    expect((await save(person.token, person.saved)).statusCode).toBe(201);
    const { token } = await linkTokenFor(person.email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'not-a-token', 'x'.repeat(43)]) {
      const answer = await post('/api/saved-application/code', { token: bad });
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.json()).toMatchObject({
        statusCode: 404,
        code: 'savedApplicationNotFound',
        message: expect.stringMatching(/start a new application/),
      });
    }
    const resume = await post('/api/saved-application/resume', {
      token: tampered,
      code: '123456',
      timestamp: server.clock().getTime(),
    });
    expect(resume.statusCode).toBe(404);

    const confirmed = await resumeCode(token, person.email);
    const wrong = confirmed.code === '000000' ? '111111' : '000000';
    const refused = await post('/api/saved-application/resume', {
      ...confirmed,
      token,
      code: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: 400, code: 'codeWrong' });
    expect(await savedRows(person.email)).toHaveLength(1);
  });

  it('answers a bad body with 400 and an unauthenticated save with 401, never a 500', async () => {
    const person = await onPassportStep('bad@example.com');
    const { draft, pending } = person.saved;
    const bodies: unknown[] = [
      {},
      { draft: null },
      { draft: { ...draft, bearerList: [] } },
      { draft: { ...draft, bearerList: 'x' } },
      { draft: { ...draft, reqDisclaimer: 2 } },
      { draft, pending: { step: 'review', values: {} } },
      { draft, pending: { step: 'passport', values: { passportNum: 7 } } },
      { draft, pending: { step: 'passport', values: { passportNum: 'x'.repeat(5000) } } },
      [],
      { draft: 'draft' },
    ];
    for (const body of bodies) {
      const answer = await save(person.token, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json().statusCode).toBe(400);
    }
    const unauthenticated = await post('/api/saved-application', { draft, pending });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toMatchObject({ statusCode: 401, code: 'tokenInvalid' });
    const forged = await save('not.a.token', { draft, pending });
    expect(forged.statusCode).toBe(401);
    for (const body of [{}, { token: 5 }, { token: 'x', code: '12', timestamp: 1 }]) {
      const code = await post('/api/saved-application/code', body);
      expect(code.statusCode).toBeGreaterThanOrEqual(400);
      expect(code.statusCode).toBeLessThan(500);
      expect(code.json().statusCode).toBe(code.statusCode);
      const resume = await post('/api/saved-application/resume', body);
      expect(resume.statusCode).toBe(400);
      expect(resume.json().statusCode).toBe(400);
    }
    expect(await savedRows(person.email)).toEqual([]);
  });

  // Last: it moves the shared clock 8 days on.
  it('keeps the photo while the draft lives; after 7 days the link is 410 and retention deletes both', async () => {
    const person = await onPassportStep('expired@example.com');
    expect((await save(person.token, person.saved)).statusCode).toBe(201);
    const { token } = await linkTokenFor(person.email);
    const purge = () =>
      runRetention({
        db: server.database.db,
        clock: server.clock,
        applicationDays: 730,
        log: silentLog,
      });
    const photoExists = async () =>
      (await server.database.db
        .selectFrom('photo')
        .select('id')
        .where('id', '=', person.photoId)
        .executeTakeFirst()) !== undefined;

    server.clock.advance(3 * DAY); // an unattached photo goes after a day: this one is kept
    await purge();
    expect(await photoExists()).toBe(true);
    expect(await savedRows(person.email)).toHaveLength(1);

    server.clock.advance(5 * DAY);
    for (const url of ['/api/saved-application/code', '/api/saved-application/resume']) {
      const answer = await post(url, {
        token,
        code: '123456',
        timestamp: server.clock().getTime(),
      });
      expect(answer.statusCode, url).toBe(410);
      expect(answer.json()).toMatchObject({
        statusCode: 410,
        code: 'savedApplicationExpired',
        message: expect.stringMatching(/has expired.*7 days/),
      });
    }
    const removed = await purge();
    expect(removed.savedApplications).toBeGreaterThanOrEqual(1);
    expect(await savedRows(person.email)).toEqual([]);
    expect(await photoExists()).toBe(false);
    expect((await post('/api/saved-application/code', { token })).statusCode).toBe(404);
  });
});
