// The payment deadlines (issue 27, decision 050) with the clock moved: one reminder 24 hours after
// submission, once (a second run, two runs at once, a family of three: one mail), none for a paid
// or an expired application; at 7 days the application expires through the machine (a transition
// row), its open payment session is marked expired, one mail says so, and screening never picks it
// up. Applications are written as the submission writes them (state awaiting_payment, the fee
// reference); the job runs as the queue runs it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../src/db/database.ts';
import { applicationsAwaitingScreening } from '../../src/decisions/screen-application.ts';
import { silentLog } from '../../src/jobs/log.ts';
import { runPaymentDeadlines } from '../../src/jobs/payment-deadlines.ts';
import { draftFor } from '../application.ts';
import { decisionDeps, PUBLIC_URL, submitted } from '../decisions/support.ts';
import {
  DATABASES,
  type ReceivedMail,
  STARTUP_MS,
  startTestServer,
  type TestServer,
} from '../harness.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Verifying two addresses, submitting and paying through the API: slow on a busy machine. */
const API_MS = 240_000;

describe.each(DATABASES)('payment deadlines on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;
  const run = () =>
    runPaymentDeadlines({ db: db(), decisions: decisionDeps(server), log: silentLog });

  /** Applications of one fee reference (a family when more than one), stored `ago` ms before now. */
  const awaiting = async (
    label: string,
    { travellers = 1, ago = 0, language = 'en', state = 'awaiting_payment' } = {},
  ) => {
    const email = `${label}-${randomUUID().slice(0, 6)}@example.com`;
    const group = travellers > 1 ? `ILG-${randomUUID().slice(0, 8).toUpperCase()}` : null;
    const rows = Array.from({ length: travellers }, (_, i) => {
      const reqNum = `ISR-${label.toUpperCase()}${i}-${randomUUID().slice(0, 6)}`;
      return {
        id: randomUUID(),
        req_num: reqNum,
        state,
        email,
        passport_num: `P${i}234567`,
        passport_country_id: 840,
        first_name: 'ANA',
        last_name: `${label.toUpperCase()}${i}`,
        birth_date: '1990-01-01',
        arrival_date: '2027-01-01',
        photo_id: null,
        draft: json(draftFor(email, randomUUID())),
        created_at: new Date(server.clock().getTime() - ago),
        language,
        group_num: group,
        fee_reference: group ?? reqNum,
      };
    });
    await db().insertInto('application').values(rows).execute();
    return { email, reference: group ?? rows[0]?.req_num ?? '', rows };
  };
  const openPayment = async (reference: string, status: 'open' | 'paid' = 'open') => {
    const id = randomUUID();
    await db()
      .insertInto('payment')
      .values({
        id,
        reference,
        provider: 'dev',
        provider_session_id: `sess-${id}`,
        provider_payment_id: null,
        url: `${PUBLIC_URL}/dev/pay/${id}`,
        amount_minor: 2500,
        currency: 'ILS',
        status,
        created_at: server.clock(),
        paid_at: status === 'paid' ? server.clock() : null,
      })
      .execute();
    return id;
  };
  const stateOf = async (id: string) =>
    (await db().selectFrom('application').select('state').where('id', '=', id).executeTakeFirst())
      ?.state;
  /** Every mail delivered to `to`, once the queue is empty. */
  const mailsTo = async (to: string): Promise<ReceivedMail[]> => {
    await server.background.relay();
    await server.background.drained();
    return server.smtp.received.filter((m) => m.to === to);
  };

  it('sends nothing before 24 hours, then one reminder with the pay link, once', async () => {
    const young = await awaiting('young', { ago: 23 * HOUR });
    const due = await awaiting('due', { ago: 24 * HOUR + 1000 });
    await run();
    expect(await mailsTo(young.email)).toHaveLength(0);
    const [mail, ...more] = await mailsTo(due.email);
    expect(more).toHaveLength(0);
    const reqNum = due.rows[0]?.req_num ?? '';
    expect(mail?.subject).toContain(reqNum);
    expect(mail?.text).toContain('25 NIS');
    expect(mail?.text).toContain(
      `${PUBLIC_URL}/status?applicationNumber=${encodeURIComponent(reqNum)}`,
    );
    const reminded = await db()
      .selectFrom('application')
      .select('payment_reminded_at')
      .where('id', '=', due.rows[0]?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(reminded.payment_reminded_at?.getTime()).toBe(server.clock().getTime());

    // The job runs again (the next schedule), and then twice at once (two instances): no new mail.
    await run();
    await Promise.all([run(), run()]);
    expect(await mailsTo(due.email)).toHaveLength(1);
    // The young one's turn comes with the clock.
    server.clock.advance(2 * HOUR);
    const [second, again] = await Promise.all([run(), run()]);
    expect(second.reminded + again.reminded).toBe(1);
    expect(await mailsTo(young.email)).toHaveLength(1);
    expect(await mailsTo(due.email)).toHaveLength(1);
  });

  it('reminds a family once, for all its numbers and its whole fee, in its language', async () => {
    const family = await awaiting('family', { travellers: 3, ago: 25 * HOUR, language: 'fr' });
    const result = await Promise.all([run(), run()]);
    expect(result[0].reminded + result[1].reminded).toBe(1);
    const mails = await mailsTo(family.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toMatch(/attend le paiement des frais/);
    expect(mail?.text).toContain('75 NIS');
    for (const row of family.rows) expect(mail?.text).toContain(row.req_num);
    const rows = await db()
      .selectFrom('application')
      .select('payment_reminded_at')
      .where('fee_reference', '=', family.reference)
      .execute();
    expect(rows.every((r) => r.payment_reminded_at !== null)).toBe(true);
  });

  it('reminds no paid, screened or expired application', async () => {
    const paid = await awaiting('paid', { ago: 30 * HOUR, state: 'submitted' });
    await openPayment(paid.reference, 'paid');
    const approved = await awaiting('approved', { ago: 30 * HOUR, state: 'approved' });
    const expired = await awaiting('gone', { ago: 30 * HOUR, state: 'expired' });
    await run();
    for (const { email } of [paid, approved, expired]) {
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it('expires an unpaid application at 7 days through the machine, once, and never screens it', async () => {
    const unpaid = await awaiting('unpaid', { travellers: 2, ago: 6 * DAY });
    const session = await openPayment(unpaid.reference);
    const other = await openPayment(`ISR-OTHER-${randomUUID().slice(0, 6)}`);
    await run(); // the reminder only: 6 days is not 7
    expect(await stateOf(unpaid.rows[0]?.id ?? '')).toBe('awaiting_payment');

    server.clock.advance(DAY + 1000);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.expired + b.expired).toBe(2);
    for (const row of unpaid.rows) {
      expect(await stateOf(row.id)).toBe('expired');
      const transitions = await db()
        .selectFrom('application_transition')
        .select(['from_state', 'to_state', 'actor_kind'])
        .where('application_id', '=', row.id)
        .execute();
      expect(transitions).toEqual([
        { from_state: 'awaiting_payment', to_state: 'expired', actor_kind: 'system' },
      ]);
    }
    const sessions = await db()
      .selectFrom('payment')
      .select(['id', 'status'])
      .where('id', 'in', [session, other])
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(sessions.map((s) => [s.id, s.status]))).toEqual({
      [session]: 'expired',
      [other]: 'open',
    });
    // The reminder (day 6) and the notice of expiry, one each for the family, in either order.
    const mails = await mailsTo(unpaid.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/expired unpaid$/),
      expect.stringMatching(/is waiting for its fee$/),
    ]);
    const notice = mails.find((m) => /expired unpaid/.test(m.subject));
    expect(notice?.text).toContain('50 NIS');
    expect(notice?.text).toContain('within 7 days');
    expect(notice?.text).toContain(`apply again and pay the fee when you submit: ${PUBLIC_URL}/`);

    // Nothing more on later runs, and screening never picks it up.
    expect(await run()).toEqual({ expired: 0, reminded: 0 });
    const waiting = await applicationsAwaitingScreening(db(), 500);
    const ids = new Set(waiting.map((w) => w.id));
    for (const row of unpaid.rows) expect(ids.has(row.id)).toBe(false);
  });

  it('expires one never reminded (the job was down) without reminding it', async () => {
    const late = await awaiting('late', { ago: 8 * DAY, language: 'he' });
    expect(await run()).toMatchObject({ expired: 1 });
    const mails = await mailsTo(late.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('פג');
  });

  // Last: it moves the clock a day on.
  it(
    'reminds an application the API stored awaiting its fee, and not one paid through the API',
    async () => {
      const waiting = await submitted(server, 'api-waiting@example.com', { pay: false });
      const paid = await submitted(server, 'api-paid@example.com');
      expect(await stateOf(waiting.id)).toBe('awaiting_payment');
      server.clock.advance(24 * HOUR + 1000);
      await run();
      const reminders = async (email: string) =>
        (await mailsTo(email)).filter((m) => /is waiting for its fee$/.test(m.subject));
      const [reminder, ...more] = await reminders(waiting.email);
      expect(more).toHaveLength(0);
      expect(reminder?.text).toContain(waiting.reqNum);
      expect(reminder?.text).toContain('25 NIS');
      expect(await reminders(paid.email)).toHaveLength(0);
    },
    API_MS,
  );
});
