// The dashboard's fees (issue 27): taken and refunded per day over the last 14 days, in the
// service's time zone, every day listed; and neither the dashboard's counts nor the queue include
// an application waiting for its fee or expired unpaid.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../src/db/database.ts';
import { readQueue } from '../../src/office/cases/read.ts';
import { readDashboard } from '../../src/office/reports/dashboard.ts';
import { DATABASES, STARTUP_MS, startTestServer, type TestServer } from '../harness.ts';

const TZ = 'Asia/Jerusalem';

describe.each(DATABASES)('the dashboard’s fees and counts on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    // 2026-11-22 11:00 in Jerusalem.
    server.clock.set(new Date('2026-11-22T09:00:00Z'));
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;

  const application = async (state: string) => {
    const id = randomUUID();
    await db()
      .insertInto('application')
      .values({
        id,
        req_num: `ISR-DASH-${id.slice(0, 8)}`,
        state,
        email: 'dash@example.com',
        passport_num: 'P1234567',
        passport_country_id: 840,
        first_name: 'ANA',
        last_name: 'DASH',
        birth_date: '1990-01-01',
        arrival_date: '2027-01-01',
        photo_id: null,
        draft: json({}),
        created_at: new Date('2026-11-22T07:00:00Z'),
      })
      .execute();
    return id;
  };
  const payment = async (amountMinor: number, paidAt: string | null) => {
    const id = randomUUID();
    await db()
      .insertInto('payment')
      .values({
        id,
        reference: `ISR-PAY-${id.slice(0, 6)}`,
        provider: 'dev',
        provider_session_id: id,
        provider_payment_id: null,
        url: null,
        amount_minor: amountMinor,
        currency: 'ILS',
        status: paidAt === null ? 'open' : 'paid',
        created_at: new Date('2026-11-01T00:00:00Z'),
        paid_at: paidAt === null ? null : new Date(paidAt),
      })
      .execute();
    return id;
  };

  it('lists fees taken and refunded per day, the last 14 days, in the service’s days', async () => {
    await payment(2500, '2026-11-22T08:00:00Z');
    await payment(7500, '2026-11-21T22:30:00Z'); // 00:30 on the 22nd in Jerusalem
    const refundedOne = await payment(2500, '2026-11-20T10:00:00Z');
    await payment(2500, '2026-11-08T10:00:00Z'); // 15 days ago: not shown
    await payment(2500, null); // opened, never paid
    await db()
      .insertInto('refund')
      .values({
        id: randomUUID(),
        payment_id: refundedOne,
        provider_refund_id: 're_1',
        amount_minor: 2500,
        currency: 'ILS',
        reason: 'paid twice',
        requested_by: 'system',
        created_at: new Date('2026-11-22T08:30:00Z'),
      })
      .execute();

    const { fees } = await readDashboard(db(), server.clock(), TZ);
    expect(fees.currency).toBe('ILS');
    expect(fees.days.map((d) => d.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-11-${String(9 + i).padStart(2, '0')}`),
    );
    const day = (date: string) => fees.days.find((d) => d.date === date);
    expect(day('2026-11-22')).toEqual({
      date: '2026-11-22',
      paid: { count: 2, amountMinor: 10_000 },
      refunded: { count: 1, amountMinor: 2500 },
    });
    expect(day('2026-11-21')).toMatchObject({ paid: { count: 0, amountMinor: 0 } });
    expect(day('2026-11-20')).toMatchObject({ paid: { count: 1, amountMinor: 2500 } });
    const totalPaid = fees.days.reduce((n, d) => n + d.paid.count, 0);
    expect(totalPaid).toBe(3);
  });

  const transition = async (applicationId: string, from: string, to: string, at: string) =>
    db()
      .insertInto('application_transition')
      .values({
        application_id: applicationId,
        from_state: from,
        to_state: to,
        at: new Date(at),
        actor_kind: 'system',
        actor_id: null,
        reasons: json([]),
        note: null,
      })
      .execute();

  it('times the office from the payment, not from the submission: to decision, and waiting', async () => {
    // Submitted at 07:00, paid at 08:30, approved at 08:40: the office took 10 minutes.
    const paid = await application('approved');
    await transition(paid, 'awaiting_payment', 'submitted', '2026-11-22T08:30:00Z');
    await transition(paid, 'submitted', 'approved', '2026-11-22T08:40:00Z');
    // Submitted at 07:00, paid at 08:50 and in review since: waiting 10 minutes at 09:00.
    const waiting = await application('in_review');
    await transition(waiting, 'awaiting_payment', 'submitted', '2026-11-22T08:50:00Z');
    await transition(waiting, 'submitted', 'in_review', '2026-11-22T08:51:00Z');
    try {
      const dashboard = await readDashboard(db(), server.clock(), TZ);
      expect(dashboard.decisionsThisWeek).toBe(1);
      expect(dashboard.medianSecondsToDecision).toBe(600);
      expect(dashboard.oldestWaiting).toMatchObject({ id: waiting, waitingSeconds: 600 });
    } finally {
      await db().deleteFrom('application_transition').execute();
      await db().deleteFrom('application').where('id', 'in', [paid, waiting]).execute();
    }
  });

  it('counts no application waiting for its fee or expired unpaid, and queues none', async () => {
    await application('awaiting_payment');
    await application('expired');
    await application('submitted');
    const inReview = await application('in_review');
    const dashboard = await readDashboard(db(), server.clock(), TZ);
    expect(dashboard.today.perState).toEqual({ in_review: 1, submitted: 1 });
    expect(dashboard.week.perState).toEqual({ in_review: 1, submitted: 1 });
    expect(dashboard.oldestWaiting?.id).toBe(inReview);
    const queue = await readQueue(db(), server.clock(), {});
    expect(queue.map((c) => c.id)).toEqual([inReview]);
  });
});
