// The consent to reminders before the authorization ends (issue 31): sent with the submission as
// the optional top-level `reminderConsent` (exactly true, or no), stored for every traveller of a
// family, answered by POST /api/status as `reminders`, and withdrawn from /status with a code of
// its own purpose, sent to the application's address (another purpose's code does not do it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bornOn, groupDraft } from '../../../../packages/domain/test/fixtures.ts';
import { applicant, jpegImage, submit, uploadPhoto } from '../application.ts';
import { HIGH_LIMITS, identity, SETUP_MS, type Submitted } from '../decisions/support.ts';
import {
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  startTestServer,
  type TestServer,
} from '../harness.ts';

const MYSELF = { applicant: { groupTypeId: '1:Myself' } };

describe.each(DATABASES)('consent to reminders on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      services: { rateLimits: HIGH_LIMITS },
      // No fee: the application is stored submitted, nothing to pay in these tests.
      config: { payments: { feeWaivedUntil: '2999-01-01', provider: 'dev' } },
    });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;

  /** Submits the valid draft from a new address with `extra` top-level fields. */
  const submitWith = async (label: string, extra: Record<string, unknown>) => {
    const person = await applicant(server, `${label}-${randomUUID().slice(0, 6)}@example.com`);
    const draft = person.draft();
    const answer = await submit(server, person.token, { ...draft, ...extra });
    expect(answer.statusCode).toBe(200);
    const reqNum = answer.json().ReqNum as string;
    const bearer = draft.bearerList[0];
    const row = await db()
      .selectFrom('application')
      .select(['id', 'reminder_consent', 'draft'])
      .where('req_num', '=', reqNum)
      .executeTakeFirstOrThrow();
    const app: Submitted = {
      id: row.id,
      reqNum,
      email: person.email,
      passportNumber: bearer?.passportNum ?? '',
      birthDate: bearer?.birthDate ?? '',
    };
    return { app, consent: row.reminder_consent, stored: row.draft as Record<string, unknown> };
  };
  const status = (app: Submitted) =>
    server.request({ method: 'POST', url: '/api/status', payload: identity(app) });

  it.each([
    ['ticked', true, { reminderConsent: true }],
    ['absent', false, {}],
    ['false', false, { reminderConsent: false }],
    ['not a boolean', false, { reminderConsent: 'true' }],
    ['a number', false, { reminderConsent: 1 }],
  ] as const)('%s → stored %s, and /api/status says so', async (label, expected, extra) => {
    const { app, consent, stored } = await submitWith(label.replaceAll(' ', '-'), extra);
    expect(consent).toBe(expected);
    // Kept beside the record, never in it.
    expect(stored).not.toHaveProperty('reminderConsent');
    const answer = await status(app);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().reminders).toBe(expected);
  });

  it('a family: one tick covers every traveller', async () => {
    const family = await applicant(server, `family-${randomUUID().slice(0, 6)}@example.com`);
    const second = await uploadPhoto(server, family.token, await jpegImage());
    const group = groupDraft(
      { ...bornOn('1985-01-02', '2020-05-10', 'AB1234567'), ...MYSELF },
      { ...bornOn('2015-05-06', '2022-06-07', 'CH1234567'), ...MYSELF },
    );
    const photos = [family.photoId, second.json().photoId as string];
    const answer = await submit(server, family.token, {
      ...group,
      reqMainEmailAddress: family.email,
      bearerList: group.bearerList.map((b, i) => ({ ...b, photoId: photos[i] ?? null })),
      reminderConsent: true,
    });
    expect(answer.statusCode).toBe(200);
    const rows = await db()
      .selectFrom('application')
      .select('reminder_consent')
      .where('email', '=', family.email)
      .execute();
    expect(rows.map((r) => r.reminder_consent)).toEqual([true, true]);
  });

  describe('withdrawing it from /status', () => {
    const codeMails = (email: string) =>
      server.smtp.received.filter((m) => m.to === email && isCodeMail(m));
    const askCode = async (app: Submitted, url = '/api/status/reminders/code') => {
      const before = codeMails(app.email).length;
      const sent = await server.request({ method: 'POST', url, payload: identity(app) });
      if (sent.statusCode !== 200) return { sent, code: '' };
      const mail = await eventually(() => codeMails(app.email)[before]);
      return { sent, code: codeIn(mail) ?? '' };
    };
    const withdraw = (app: Submitted, code: string, timestamp: number, headers = {}) =>
      server.request({
        method: 'POST',
        url: '/api/status/reminders/withdraw',
        payload: { ...identity(app), code, timestamp },
        headers,
      });
    const consentOf = async (id: string) =>
      (
        await db()
          .selectFrom('application')
          .select('reminder_consent')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).reminder_consent;

    it('the code goes to the application’s address; a wrong one changes nothing, the right one withdraws it', async () => {
      const { app } = await submitWith('withdraw', { reminderConsent: true });
      const { sent, code } = await askCode(app);
      expect(sent.statusCode).toBe(200);
      // Masked: the address is not told to whoever knows the three facts.
      expect(sent.json().sentTo).toMatch(/^w•+@example\.com$/);
      const { timestamp } = sent.json() as { timestamp: number };
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await withdraw(app, wrong, timestamp);
      expect(refused.statusCode).toBe(400);
      expect(await consentOf(app.id)).toBe(true);

      const done = await withdraw(app, code, timestamp);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ statusCode: 200, reminders: false });
      expect(await consentOf(app.id)).toBe(false);
      expect((await status(app)).json().reminders).toBe(false);
      // Used once: the same code again finds nothing to withdraw.
      expect((await withdraw(app, code, timestamp)).statusCode).toBe(409);
    });

    it('a code sent for another purpose (withdrawing the application) does not withdraw it', async () => {
      const { app } = await submitWith('purpose', { reminderConsent: true });
      const { sent, code } = await askCode(app, '/api/status/withdraw/code');
      expect(sent.statusCode).toBe(200);
      const refused = await withdraw(app, code, sent.json().timestamp);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json().statusCode).toBe(refused.statusCode);
      expect(await consentOf(app.id)).toBe(true);
    });

    it('without consent there is nothing to withdraw: 409, and no code is sent', async () => {
      const { app } = await submitWith('none', {});
      const before = codeMails(app.email).length;
      const { sent } = await askCode(app);
      expect(sent.statusCode).toBe(409);
      expect(sent.json()).toMatchObject({ statusCode: 409, code: 'remindersOff' });
      expect(codeMails(app.email)).toHaveLength(before);
    });

    it('a stranger’s details find nothing (404); a request without the XSRF token is refused', async () => {
      const { app } = await submitWith('stranger', { reminderConsent: true });
      const wrongFacts = await server.request({
        method: 'POST',
        url: '/api/status/reminders/code',
        payload: { ...identity(app), birthDate: '1901-01-01' },
      });
      expect(wrongFacts.statusCode).toBe(404);
      const noXsrf = await server.app.inject({
        method: 'POST',
        url: '/api/status/reminders/withdraw',
        payload: { ...identity(app), code: '123456', timestamp: Date.now() },
      });
      expect(noXsrf.statusCode).toBe(403);
      expect(noXsrf.json().statusCode).toBe(403);
      expect(await consentOf(app.id)).toBe(true);
    });
  });
});
