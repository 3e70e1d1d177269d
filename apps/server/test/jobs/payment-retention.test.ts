// Retention of the fee's records (decision 050): an expired application goes after the
// applications' period like any other; payment events go then too; payments and refunds (the
// financial records, which name only the reference) stay for their own period, a refund's reason
// blanked once the applications' period is over.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { json } from '../../src/db/database.ts';
import { silentLog } from '../../src/jobs/log.ts';
import { DEFAULT_PAYMENT_DAYS, runRetention } from '../../src/jobs/retention.ts';
import { DATABASES, STARTUP_MS, startTestServer, type TestServer } from '../harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('RETENTION_PAYMENT_DAYS', () => {
  it('is seven years unless set, and a whole number of days', () => {
    expect(DEFAULT_PAYMENT_DAYS).toBe(2557);
    const config = (value?: string) =>
      loadConfig({
        AUTH_SECRET: SECRET,
        AUDIT_KEY: SECRET,
        ...(value === undefined ? {} : { RETENTION_PAYMENT_DAYS: value }),
      });
    expect(config().retentionPaymentDays).toBe(DEFAULT_PAYMENT_DAYS);
    expect(config('3650').retentionPaymentDays).toBe(3650);
    expect(() => config('0')).toThrow(/RETENTION_PAYMENT_DAYS must be a whole number from 1/);
    expect(() => config('seven years')).toThrow(/RETENTION_PAYMENT_DAYS/);
  });
});

describe.each(DATABASES)('retention of the fee’s records on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;
  const at = (ago: number) => new Date(server.clock().getTime() - ago);
  const purge = (applicationDays: number, paymentDays?: number) =>
    runRetention({
      db: db(),
      clock: server.clock,
      applicationDays,
      ...(paymentDays === undefined ? {} : { paymentDays }),
      log: silentLog,
    });

  const application = async (state: string, ago: number) => {
    const id = randomUUID();
    const reqNum = `ISR-RET-${id.slice(0, 8)}`;
    await db()
      .insertInto('application')
      .values({
        id,
        req_num: reqNum,
        state,
        email: 'kept@example.com',
        passport_num: 'P1234567',
        passport_country_id: 840,
        first_name: 'ANA',
        last_name: 'RET',
        birth_date: '1990-01-01',
        arrival_date: '2027-01-01',
        photo_id: null,
        draft: json({}),
        created_at: at(ago),
        fee_reference: reqNum,
      })
      .execute();
    return { id, reqNum };
  };
  const payment = async (reference: string, ago: number, refundedAgo?: number) => {
    const id = randomUUID();
    await db()
      .insertInto('payment')
      .values({
        id,
        reference,
        provider: 'dev',
        provider_session_id: `sess-${id}`,
        provider_payment_id: `pi-${id}`,
        url: null,
        amount_minor: 2500,
        currency: 'ILS',
        status: refundedAgo === undefined ? 'paid' : 'refunded',
        created_at: at(ago),
        paid_at: at(ago),
      })
      .execute();
    await db()
      .insertInto('payment_event')
      .values({
        provider: 'dev',
        id: `evt-${id}`,
        type: 'checkout.session.completed',
        received_at: at(ago),
        session_id: `sess-${id}`,
        payment_id: id,
        outcome: 'applied',
      })
      .execute();
    if (refundedAgo !== undefined) {
      await db()
        .insertInto('refund')
        .values({
          id: randomUUID(),
          payment_id: id,
          provider_refund_id: `re-${id}`,
          amount_minor: 2500,
          currency: 'ILS',
          reason: 'Ana Ret paid twice from her card',
          requested_by: 'supervisor@office.test',
          created_at: at(refundedAgo),
        })
        .execute();
    }
    return id;
  };
  const exists = async (table: 'application' | 'payment', id: string) =>
    (await db().selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it('deletes expired applications and payment events after the applications’ period, keeps payments and refunds without their reason', async () => {
    const oldExpired = await application('expired', 100 * DAY);
    const newExpired = await application('expired', 80 * DAY);
    const oldPayment = await payment(oldExpired.reqNum, 100 * DAY, 95 * DAY);
    const newPayment = await payment(newExpired.reqNum, 80 * DAY, 79 * DAY);

    const removed = await purge(90);
    expect(removed.applications).toBe(1);
    expect(removed.paymentEvents).toBe(1);
    expect(removed.refundReasons).toBe(1);
    expect(removed.payments).toBe(0);
    expect(await exists('application', oldExpired.id)).toBe(false);
    expect(await exists('application', newExpired.id)).toBe(true);
    expect(await exists('payment', oldPayment)).toBe(true);
    expect(await exists('payment', newPayment)).toBe(true);
    const events = await db().selectFrom('payment_event').select('payment_id').execute();
    expect(events.map((e) => e.payment_id)).toEqual([newPayment]);
    const reasons = await db()
      .selectFrom('refund')
      .select(['payment_id', 'reason', 'amount_minor'])
      .orderBy('created_at')
      .execute();
    expect(reasons).toEqual([
      { payment_id: oldPayment, reason: '(removed with the application)', amount_minor: 2500 },
      { payment_id: newPayment, reason: 'Ana Ret paid twice from her card', amount_minor: 2500 },
    ]);
    // A second run finds nothing more.
    expect(await purge(90)).toMatchObject({ applications: 0, paymentEvents: 0, refundReasons: 0 });
  });

  it('deletes payments, their refunds and events after the payments’ period', async () => {
    const ancient = await payment('ISR-ANCIENT-1', 400 * DAY, 399 * DAY);
    const recent = await payment('ISR-RECENT-1', 200 * DAY);
    // Events are kept here (the applications' period is long), so the payment's go with it.
    const removed = await purge(3000, 365);
    expect(removed.payments).toBe(1);
    expect(await exists('payment', ancient)).toBe(false);
    expect(await exists('payment', recent)).toBe(true);
    const refunds = await db()
      .selectFrom('refund')
      .select('payment_id')
      .where('payment_id', '=', ancient)
      .execute();
    expect(refunds).toEqual([]);
    const events = await db()
      .selectFrom('payment_event')
      .select('id')
      .where('payment_id', '=', ancient)
      .execute();
    expect(events).toEqual([]);
  });
});
