// The reminders before an authorization ends (issue 31, decision 056) with the clock moved: one
// 30 days before the last day and one 7 days before, each once (a second run, two runs at once);
// none without consent, none for a refused, revoked or withdrawn application, none 7 days before
// once a renewal was submitted; the e-mail in the application's language says when and why it
// ends, with the link; consent withdrawn from /status with its code stops them. Approved
// applications are written as moveApplication writes them (state, travel_authorization rows),
// except the last test, which goes through the API.
import { randomUUID } from 'node:crypto';
import { addDaysIso, formatDate, todayIn } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../src/db/database.ts';
import { renewalTokenHash } from '../../src/decisions/renewal-link.ts';
import { runExpiryReminders } from '../../src/jobs/expiry-reminders.ts';
import { silentLog } from '../../src/jobs/log.ts';
import {
  type ControlRequest,
  isControlRequest,
  runControl,
} from '../../src/office/control/commands.ts';
import { draftFor } from '../application.ts';
import {
  approve,
  decisionDeps,
  HIGH_LIMITS,
  identity,
  PUBLIC_URL,
  submitted,
} from '../decisions/support.ts';
import {
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  type ReceivedMail,
  STARTUP_MS,
  startTestServer,
  type TestServer,
} from '../harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const ZONE = 'Asia/Jerusalem';
/** Verifying an address, submitting, paying and withdrawing through the API: slow on a busy machine. */
const API_MS = 240_000;

describe.each(DATABASES)('expiry reminders on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;
  const run = () =>
    runExpiryReminders({
      db: db(),
      decisions: decisionDeps(server),
      metrics: server.metrics,
      log: silentLog,
    });
  const today = () => todayIn(server.clock(), ZONE);

  /**
   * An application in `state` whose authorization runs from `validFrom` to `validUntil` (days from
   * today), with or without consent.
   */
  const authorized = async (
    label: string,
    {
      endsIn,
      validFrom,
      consent = true,
      state = 'approved',
      language = 'en',
    }: {
      endsIn: number;
      validFrom?: string;
      consent?: boolean;
      state?: string;
      language?: string;
    },
  ) => {
    const id = randomUUID();
    const email = `${label}-${id.slice(0, 6)}@example.com`;
    const reqNum = `ISR-${label.toUpperCase()}-${id.slice(0, 6)}`;
    const validUntil = addDaysIso(today(), endsIn);
    await db()
      .insertInto('application')
      .values({
        id,
        req_num: reqNum,
        state,
        email,
        passport_num: 'AB1234567',
        passport_country_id: 840,
        first_name: 'ANA',
        last_name: label.toUpperCase(),
        birth_date: '1990-01-01',
        arrival_date: '2027-01-01',
        photo_id: null,
        draft: json(draftFor(email, randomUUID())),
        created_at: server.clock(),
        language,
        group_num: null,
        fee_reference: null,
        reminder_consent: consent,
      })
      .execute();
    await db()
      .insertInto('travel_authorization')
      .values({
        id: randomUUID(),
        application_id: id,
        bearer_index: 0,
        passport_num: 'AB1234567',
        passport_country_id: 840,
        // Two years before the last day: it ends because the two years are up.
        valid_from: validFrom ?? addDaysIso(validUntil, -730),
        valid_until: validUntil,
        issued_at: server.clock(),
      })
      .execute();
    return { id, email, reqNum, validUntil };
  };
  /** Every mail delivered to `to`, once the queue is empty. */
  const mailsTo = async (to: string): Promise<ReceivedMail[]> => {
    await server.background.relay();
    await server.background.drained();
    return server.smtp.received.filter((m) => m.to === to);
  };
  const recorded = (id: string) =>
    db()
      .selectFrom('application_reminder')
      .select('days_before')
      .where('application_id', '=', id)
      .orderBy('days_before', 'desc')
      .execute();
  const sentMetric = async (days: 30 | 7) =>
    (await server.metrics.remindersSent.get()).values.find((v) => v.labels.days === String(days))
      ?.value ?? 0;

  it('reminds 30 days before the last day, once, then 7 days before, once', async () => {
    const early = await authorized('early', { endsIn: 31 });
    const due = await authorized('due', { endsIn: 30 });
    const before = { 30: await sentMetric(30), 7: await sentMetric(7) };
    await run();
    expect(await mailsTo(early.email)).toHaveLength(0);
    const [first, ...more] = await mailsTo(due.email);
    expect(more).toHaveLength(0);
    expect(first?.subject).toBe(
      `Your ETA-IL authorization ${due.reqNum} ends on ${formatDate(due.validUntil, 'en')}`,
    );
    expect((await recorded(due.id)).map((r) => r.days_before)).toEqual([30]);

    // The next hour's run, then two instances at once: nothing more.
    await run();
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.days30 + b.days30).toBe(0);
    expect(await mailsTo(due.email)).toHaveLength(1);
    // The early one's day comes with the clock, and once only though two runs race for it.
    server.clock.advance(DAY);
    const [c, d] = await Promise.all([run(), run()]);
    expect(c.days30 + d.days30).toBe(1);
    expect(await mailsTo(early.email)).toHaveLength(1);

    // 8 days before: nothing; 7 days before: the last one, once.
    server.clock.advance(21 * DAY);
    // (and the early one is 9 days before its last day)
    expect(await run()).toEqual({ days30: 0, days7: 0 });
    server.clock.advance(DAY);
    const [e, f] = await Promise.all([run(), run()]);
    expect(e.days7 + f.days7).toBe(1);
    await run();
    const mails = await mailsTo(due.email);
    expect(mails).toHaveLength(2);
    expect((await recorded(due.id)).map((r) => r.days_before)).toEqual([30, 7]);
    expect(await sentMetric(30)).toBe(before[30] + 2);
    expect(await sentMetric(7)).toBe(before[7] + 1);

    // A day later the early one's last reminder: its job ran a day late, on its last day, and
    // still sends it. The day after, both have ended: nothing again.
    server.clock.advance(8 * DAY);
    expect(await run()).toEqual({ days30: 0, days7: 1 });
    expect(await mailsTo(early.email)).toHaveLength(2);
    expect(await mailsTo(due.email)).toHaveLength(2);
    server.clock.advance(DAY);
    expect(await run()).toEqual({ days30: 0, days7: 0 });
  });

  it('reminds no one without consent, and nothing refused, revoked or withdrawn', async () => {
    const none = [
      await authorized('noconsent', { endsIn: 30, consent: false }),
      await authorized('refused', { endsIn: 30, state: 'refused' }),
      await authorized('revoked', { endsIn: 30, state: 'revoked' }),
      await authorized('withdrawn', { endsIn: 30, state: 'withdrawn' }),
      await authorized('review', { endsIn: 30, state: 'review_requested' }),
    ];
    const consented = await authorized('consented', { endsIn: 30 });
    await run();
    for (const app of none) {
      expect(await mailsTo(app.email)).toHaveLength(0);
      expect(await recorded(app.id)).toEqual([]);
    }
    expect(await mailsTo(consented.email)).toHaveLength(1);
    // 7 days before: still nothing for them.
    server.clock.advance(23 * DAY);
    await run();
    for (const app of none) expect(await mailsTo(app.email)).toHaveLength(0);
  });

  it('sends the 30-day reminder but not the 7-day one once a renewal was submitted', async () => {
    const renewing = await authorized('renewing', { endsIn: 30 });
    const staying = await authorized('staying', { endsIn: 30 });
    await run();
    expect(await mailsTo(renewing.email)).toHaveLength(1);
    // The renewal's submission marks the application it renews (issue 31 item 3).
    await db()
      .updateTable('application')
      .set({ renewal_submitted_at: server.clock() })
      .where('id', '=', renewing.id)
      .execute();
    server.clock.advance(23 * DAY);
    await run();
    expect(await mailsTo(renewing.email)).toHaveLength(1);
    expect(await mailsTo(staying.email)).toHaveLength(2);
  });

  it('writes in the application’s language when it ends and why: the passport, or the two years', async () => {
    // Granted a year ago, the passport expires before the two years are up.
    const passport = await authorized('passport', {
      endsIn: 30,
      validFrom: addDaysIso(today(), -365),
      language: 'he',
    });
    const twoYears = await authorized('twoyears', { endsIn: 30, language: 'fr' });
    await run();
    const [he] = await mailsTo(passport.email);
    expect(he?.subject).toBe(
      `אישור ה-ETA-IL שלך ${passport.reqNum} יפוג ב-${formatDate(passport.validUntil, 'he')}`,
    );
    expect(he?.text).toContain('הדרכון שלך (•••••4567) פג אז');
    expect(he?.text).not.toContain('שנים מהיום שבו ניתן');
    const statusUrl = `${PUBLIC_URL}/status?applicationNumber=${encodeURIComponent(passport.reqNum)}`;
    // The renewal link: /renew with a token in the fragment, stored only as its hash, once.
    const link = new RegExp(`ולחדש אותו: ${PUBLIC_URL}/renew#([A-Za-z0-9_-]{43})`).exec(
      he?.text ?? '',
    );
    expect(link).not.toBeNull();
    const stored = await server.database.db
      .selectFrom('renewal_link')
      .select(['token_hash', 'application_id'])
      .where('application_id', '=', passport.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]?.token_hash ?? []).equals(renewalTokenHash(link?.[1] ?? ''))).toBe(
      true,
    );
    expect(he?.text).toContain(`בדף מצב הבקשה: ${statusUrl}`);

    const [fr] = await mailsTo(twoYears.email);
    expect(fr?.subject).toBe(
      `Votre autorisation ETA-IL ${twoYears.reqNum} expire le ${formatDate(twoYears.validUntil, 'fr')}`,
    );
    expect(fr?.text).toContain('valable 2 ans à compter du jour où elle a été accordée');
    expect(fr?.text).not.toContain('passeport (');
  });

  it('`npm run reminders -- --as-of` runs the job once as of that day (the operator command)', async () => {
    const later = await authorized('asof', { endsIn: 200, language: 'de' });
    const request = { op: 'expiryReminders', asOf: addDaysIso(later.validUntil, -30) };
    expect(isControlRequest(request)).toBe(true);
    expect(isControlRequest({ ...request, asOf: 'tomorrow' })).toBe(false);
    const settings = {
      officeUrl: 'https://backoffice.example.test/',
      checkpointPath: '/nonexistent',
      timeZone: ZONE,
      publicUrl: PUBLIC_URL,
    };
    const answer = await runControl(db(), request as ControlRequest, settings, server.clock());
    expect(answer).toMatchObject({ exitCode: 0, stderr: '' });
    expect(answer.stdout).toMatch(/: 1 sent 30 days before the end, 0 sent 7 days before/);
    const [mail, ...more] = await mailsTo(later.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(
      `Ihre ETA-IL-Genehmigung ${later.reqNum} endet am ${formatDate(later.validUntil, 'de')}`,
    );
    // Recorded as the job records it: the job, on that day, sends nothing more.
    const again = await runControl(db(), request as ControlRequest, settings, server.clock());
    expect(again.stdout).toMatch(/: 0 sent 30 days before the end/);
  });

  // Last: it moves the clock about two years on.
  it(
    'an application approved through the API is reminded; one whose consent was withdrawn with the code is not',
    async () => {
      const submitWithConsent = async (email: string) => {
        const app = await submitted(server, email);
        await db()
          .updateTable('application')
          .set({ reminder_consent: true })
          .where('id', '=', app.id)
          .execute();
        await approve(server, app.id);
        return app;
      };
      const kept = await submitWithConsent('kept-consent@example.com');
      const withdrawn = await submitWithConsent('withdrawn-consent@example.com');
      const statusOf = async (app: typeof kept) =>
        (
          await server.request({ method: 'POST', url: '/api/status', payload: identity(app) })
        ).json();
      expect(await statusOf(withdrawn)).toMatchObject({ status: 'approved', reminders: true });

      const codes = () =>
        server.smtp.received.filter((m) => m.to === withdrawn.email && isCodeMail(m));
      const count = codes().length;
      server.clock.advance(31_000); // past the resend interval of the sign-up code
      const sent = await server.request({
        method: 'POST',
        url: '/api/status/reminders/code',
        payload: identity(withdrawn),
      });
      expect(sent.statusCode).toBe(200);
      const code = codeIn(await eventually(() => codes()[count])) ?? '';
      const done = await server.request({
        method: 'POST',
        url: '/api/status/reminders/withdraw',
        payload: { ...identity(withdrawn), code, timestamp: sent.json().timestamp },
      });
      expect(done.statusCode).toBe(200);
      expect(await statusOf(withdrawn)).toMatchObject({ status: 'approved', reminders: false });

      const { validUntil } = await statusOf(kept);
      expect(typeof validUntil).toBe('string');
      server.clock.set(new Date(`${addDaysIso(validUntil, -30)}T09:00:00Z`));
      await run();
      const reminders = async (email: string) =>
        (await mailsTo(email)).filter((m) => /ends on/.test(m.subject));
      const [reminder, ...more] = await reminders(kept.email);
      expect(more).toHaveLength(0);
      expect(reminder?.text).toContain(kept.reqNum);
      expect(reminder?.text).toContain(formatDate(validUntil, 'en'));
      expect(await reminders(withdrawn.email)).toHaveLength(0);
    },
    API_MS,
  );
});
