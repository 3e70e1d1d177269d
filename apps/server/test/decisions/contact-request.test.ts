// A lost contact address goes to an officer with the passport's MRZ (issue 26 item 4, decision
// 047), attacks first: a stranger with the three facts and a made-up MRZ, a wrong check digit,
// another passport's valid MRZ, and every wrong code are refused and leave nothing; the right
// request waits and changes nothing; an officer's acceptance moves the address (both addresses
// told, audited); a rejection leaves it; an auditor cannot accept; another origin cannot either.
import { type Td3Fields, td3Lines } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, DATABASES, eventually, isCodeMail } from '../harness.ts';
import {
  auditActions,
  type OfficeTestServer,
  type SignedIn,
  staffMember,
  startOfficeServer,
} from '../office/support.ts';
import { HIGH_LIMITS, identity, SETUP_MS, type Submitted, submitted } from './support.ts';

/** The passport of the shared fixture draft (packages/domain/test/fixtures.ts). */
const FIXTURE_PASSPORT: Td3Fields = {
  documentType: 'P',
  issuingCountry: 'USA',
  surname: 'DOE',
  givenNames: 'JANE MARY',
  documentNumber: 'AB1234567',
  nationality: 'USA',
  birthDate: '1990-07-04',
  expiryDate: '2030-05-09',
  sex: 'F',
  personalNumber: '',
};
const mrzOf = (changes: Partial<Td3Fields> = {}) => [
  ...td3Lines({ ...FIXTURE_PASSPORT, ...changes }),
];

describe.each(DATABASES)('a lost contact address on %s', (kind) => {
  let server: OfficeTestServer;
  let officer: SignedIn;
  let auditor: SignedIn;
  beforeAll(async () => {
    server = await startOfficeServer(kind, {}, { rateLimits: HIGH_LIMITS });
    officer = await staffMember(server, 'officer');
    auditor = await staffMember(server, 'auditor');
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  const post = (url: string, payload: object) =>
    server.request({ method: 'POST', url, payload, remoteAddress: '127.0.0.1' });
  const mailsTo = (email: string) => server.smtp.received.filter((m) => m.to === email);
  /** Asks for a code to `newEmail` and reads it from the mail that arrives there. */
  const codeFor = async (app: Submitted, newEmail: string) => {
    server.clock.advance(31_000);
    const before = mailsTo(newEmail).filter(isCodeMail).length;
    const sent = await post('/api/status/contact-request/code', { ...identity(app), newEmail });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await eventually(() => mailsTo(newEmail).filter(isCodeMail)[before]);
    return { code: codeIn(mail) ?? '', timestamp: sent.json().timestamp as number };
  };
  const ask = (app: Submitted, newEmail: string, mrz: string[], code: object) =>
    post('/api/status/contact-request', { ...identity(app), newEmail, mrz, ...code });
  const emailOf = async (app: Submitted) =>
    (
      await server.database.db
        .selectFrom('application')
        .select('email')
        .where('id', '=', app.id)
        .executeTakeFirstOrThrow()
    ).email;
  const requestsOf = (app: Submitted) =>
    server.database.db
      .selectFrom('contact_change_request')
      .selectAll()
      .where('application_id', '=', app.id)
      .execute();
  /** A request made the right way: the owner's new address, its code and the real MRZ. */
  const pendingRequest = async (owner: string, newEmail: string) => {
    const app = await submitted(server, owner);
    const answer = await ask(app, newEmail, mrzOf(), await codeFor(app, newEmail));
    expect(answer.statusCode, answer.body).toBe(200);
    const [request] = await requestsOf(app);
    return { app, id: request?.id ?? '' };
  };

  it('a stranger with the three facts and a made-up MRZ is refused, and nothing is stored', async () => {
    const app = await submitted(server, 'owner.one@example.com');
    const newEmail = 'stranger.one@attacker.test';
    const code = await codeFor(app, newEmail);
    // A well-formed TD3 with every check digit right, made up from what the stranger knows.
    const madeUp = mrzOf({ surname: 'SMITH', givenNames: 'JOHN', expiryDate: '2031-01-01' });
    const answer = await ask(app, newEmail, madeUp, code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'mrzMismatch', field: 'mrz' });
    expect(answer.json().message).toMatch(/passport lines do not match/);
    // Lines that are no MRZ at all.
    const junk = await ask(app, newEmail, ['P<USADOE', '12345'], code);
    expect(junk.json()).toMatchObject({ statusCode: 400, code: 'mrzUnreadable' });
    expect(await requestsOf(app)).toEqual([]);
    expect(await emailOf(app)).toBe('owner.one@example.com');
  });

  it('an MRZ with a wrong check digit is refused, naming the check digit', async () => {
    const app = await submitted(server, 'owner.two@example.com');
    const newEmail = 'new.two@example.com';
    const [first = '', second = ''] = mrzOf();
    const digit = Number(second[9]);
    const wrong = `${second.slice(0, 9)}${(digit + 1) % 10}${second.slice(10)}`;
    const answer = await ask(app, newEmail, [first, wrong], await codeFor(app, newEmail));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'mrzCheckDigit', field: 'mrz' });
    expect(await requestsOf(app)).toEqual([]);
  });

  it('another passport’s valid MRZ is refused', async () => {
    const app = await submitted(server, 'owner.three@example.com');
    const newEmail = 'new.three@example.com';
    const another = mrzOf({ documentNumber: 'ZX9876543' });
    const answer = await ask(app, newEmail, another, await codeFor(app, newEmail));
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'mrzMismatch' });
    expect(await requestsOf(app)).toEqual([]);
  });

  it('no code, a code of another purpose, of another application or to another address is refused', async () => {
    const app = await submitted(server, 'owner.four@example.com');
    const other = await submitted(server, 'other.four@example.com');
    const newEmail = 'new.four@example.com';
    const noCode = await ask(app, newEmail, mrzOf(), {});
    expect(noCode.json()).toMatchObject({ statusCode: 400, code: 'statusBadRequest' });
    // A sign-up code sent to the new address (another purpose).
    server.clock.advance(31_000);
    const before = mailsTo(newEmail).filter(isCodeMail).length;
    const signUp = await post('/api/deletecognitouser', { email: newEmail, render: 'signUpUser' });
    const signUpCode = {
      code: codeIn(await eventually(() => mailsTo(newEmail).filter(isCodeMail)[before])) ?? '',
      timestamp: signUp.json().body.timestamp as number,
    };
    expect((await ask(app, newEmail, mrzOf(), signUpCode)).json()).toMatchObject({
      statusCode: 400,
      code: 'codeExpired',
    });
    // The code for the same new address but another application.
    const otherCode = await codeFor(other, newEmail);
    expect((await ask(app, newEmail, mrzOf(), otherCode)).json()).toMatchObject({
      statusCode: 400,
      code: 'codeExpired',
    });
    // A code sent for this application to another address.
    const elsewhere = await codeFor(app, 'elsewhere.four@example.com');
    expect((await ask(app, newEmail, mrzOf(), elsewhere)).json()).toMatchObject({
      statusCode: 400,
      code: 'codeExpired',
    });
    expect(await requestsOf(app)).toEqual([]);
    expect(await emailOf(app)).toBe('owner.four@example.com');
  });

  it('the code goes to the new address only, never the current one', async () => {
    const app = await submitted(server, 'owner.five@example.com');
    const before = mailsTo(app.email).filter(isCodeMail).length;
    const sent = await post('/api/status/contact-request/code', {
      ...identity(app),
      newEmail: 'new.five@example.com',
    });
    expect(sent.json().sentTo).toBe('n•••@example.com');
    await eventually(() => mailsTo('new.five@example.com').filter(isCodeMail)[0]);
    expect(mailsTo(app.email).filter(isCodeMail).length).toBe(before);
    const bad = await post('/api/status/contact-request/code', {
      ...identity(app),
      newEmail: 'not an address',
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'emailInvalid', field: 'newEmail' });
  });

  it('the right request waits for an officer and changes nothing; a second is 409', async () => {
    const { app } = await pendingRequest('owner.six@example.com', 'new.six@example.com');
    const [request] = await requestsOf(app);
    expect(request).toMatchObject({
      status: 'pending',
      new_email: 'new.six@example.com',
      mrz_line1: mrzOf()[0],
      decided_by: null,
    });
    expect(await emailOf(app)).toBe('owner.six@example.com');
    const again = await ask(
      app,
      'new.six@example.com',
      mrzOf(),
      await codeFor(app, 'new.six@example.com'),
    );
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'requestOpen' });
    const queue = await officer.call({ method: 'GET', url: '/office/api/contact-requests' });
    expect(queue.json().requests).toContainEqual(
      expect.objectContaining({ applicationNumber: app.reqNum }),
    );
  });

  it('an officer sees the MRZ compared field by field and accepts: the address changes, both are told, audited', async () => {
    const { app, id } = await pendingRequest('owner.seven@example.com', 'new.seven@example.com');
    const view = await officer.call({ method: 'GET', url: `/office/api/contact-requests/${id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().mayDecide).toBe(true);
    const comparison = view.json().request.comparison as { field: string; matches: boolean }[];
    expect(comparison.map((c) => c.field)).toEqual([
      'documentNumber',
      'birthDate',
      'expiryDate',
      'nationality',
      'issuingCountry',
      'surname',
      'givenNames',
    ]);
    expect(comparison.every((c) => c.matches)).toBe(true);
    const accepted = await officer.call({
      method: 'POST',
      url: `/office/api/contact-requests/${id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await emailOf(app)).toBe('new.seven@example.com');
    const old = await eventually(() =>
      mailsTo('owner.seven@example.com').find((m) => /was changed/.test(m.subject)),
    );
    expect(old.text).toContain('n•••@example.com');
    const fresh = await eventually(() =>
      mailsTo('new.seven@example.com').find((m) => /contact address was changed/.test(m.subject)),
    );
    expect(fresh.text).toContain(app.reqNum);
    expect(await auditActions(server, app.id)).toContain('acceptContactChange');
    const [request] = await requestsOf(app);
    expect(request).toMatchObject({ status: 'accepted', decided_by: officer.id });
    const twice = await officer.call({
      method: 'POST',
      url: `/office/api/contact-requests/${id}/accept`,
    });
    expect(twice.json()).toMatchObject({ statusCode: 409, code: 'notPending' });
  });

  it('a rejection needs a reason, leaves the address, and tells both addresses', async () => {
    const { app, id } = await pendingRequest('owner.eight@example.com', 'new.eight@example.com');
    const url = `/office/api/contact-requests/${id}/reject`;
    const bare = await officer.call({ method: 'POST', url, payload: { reason: ' ' } });
    expect(bare.json()).toMatchObject({ statusCode: 400, code: 'reasonRequired' });
    const reason = 'The photo does not show the passport holder.';
    const rejected = await officer.call({ method: 'POST', url, payload: { reason } });
    expect(rejected.statusCode).toBe(200);
    expect(await emailOf(app)).toBe('owner.eight@example.com');
    for (const to of ['new.eight@example.com', 'owner.eight@example.com']) {
      const mail = await eventually(() => mailsTo(to).find((m) => /was refused/.test(m.subject)));
      expect(mail.text).toContain(reason);
    }
    expect(await auditActions(server, app.id)).toContain('rejectContactChange');
  });

  it('an auditor reads but cannot accept (403), and nothing changes', async () => {
    const { app, id } = await pendingRequest('owner.nine@example.com', 'new.nine@example.com');
    const view = await auditor.call({ method: 'GET', url: `/office/api/contact-requests/${id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().mayDecide).toBe(false);
    const accept = await auditor.call({
      method: 'POST',
      url: `/office/api/contact-requests/${id}/accept`,
    });
    expect(accept.json()).toMatchObject({ statusCode: 403, code: 'roleNotAllowed' });
    expect(await emailOf(app)).toBe('owner.nine@example.com');
    const admin = await staffMember(server, 'admin');
    const adminQueue = await admin.call({ method: 'GET', url: '/office/api/contact-requests' });
    expect(adminQueue.statusCode).toBe(403);
  });

  it('an acceptance from another origin, or without the anti-forgery token, is refused', async () => {
    const { app, id } = await pendingRequest('owner.ten@example.com', 'new.ten@example.com');
    const url = `/office/api/contact-requests/${id}/accept`;
    const crossOrigin = await officer.call({
      method: 'POST',
      url,
      headers: { origin: 'http://office.test:8080' },
    });
    expect(crossOrigin.json()).toMatchObject({ statusCode: 403, code: 'crossOrigin' });
    const noToken = await officer.call({
      method: 'POST',
      url,
      headers: { 'x-office-token': 'forged' },
    });
    expect(noToken.json()).toMatchObject({ statusCode: 403, code: 'antiForgeryToken' });
    const plainText = await officer.call({
      method: 'POST',
      url,
      payload: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plainText.statusCode).toBe(415);
    expect(await emailOf(app)).toBe('owner.ten@example.com');
    expect((await requestsOf(app))[0]?.status).toBe('pending');
  });
});
