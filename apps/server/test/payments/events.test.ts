// The one confirmation path on a real database, handed provider events as a verified webhook (or
// the dev page) hands them: a repeated event changes nothing, an event naming no payment of ours is
// recorded and alerted on but never applied, and a reference paid twice is refunded once through
// the provider, recorded and e-mailed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/ops/metrics.ts';
import { applyProviderEvent, type PaymentDeps } from '../../src/payments/apply-event.ts';
import { pressOnDevPage, startPayment } from '../application.ts';
import { identity, mailTo, SETUP_MS, submitted } from '../decisions/support.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';
import { collectingLog, counted, paymentDeps, paymentsOf, stateOf } from './support.ts';

describe.each(DATABASES)('payment events on %s', (kind) => {
  let server: TestServer;
  let deps: PaymentDeps;
  const metrics = createMetrics({ processMetrics: false });
  const log = collectingLog();
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { metrics } });
    deps = paymentDeps(server, metrics, log);
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  /** An application waiting for its fee, with its open session at the dev provider. */
  const waitingWithSession = async (email: string) => {
    const app = await submitted(server, email, { pay: false });
    const started = await startPayment(server, identity(app));
    expect(started.statusCode).toBe(200);
    const [payment] = await paymentsOf(server, app.reqNum);
    return { app, url: started.json().body.url as string, payment: payment! };
  };

  const transitionsOf = (id: string) =>
    server.database.db
      .selectFrom('application_transition')
      .select(['from_state', 'to_state'])
      .where('application_id', '=', id)
      .execute();

  it('a repeated event changes nothing', async () => {
    const { app, payment } = await waitingWithSession('repeat@example.com');
    const event = {
      id: 'evt_repeat_1',
      type: 'checkout.session.completed',
      session: {
        sessionId: payment.provider_session_id!,
        status: 'paid' as const,
        paymentRef: 'pi_repeat_1',
        reference: app.reqNum,
      },
    };
    expect(await applyProviderEvent(deps, event)).toBe('applied');
    expect(await stateOf(server, app.reqNum)).toBe('submitted');
    const before = {
      payments: await paymentsOf(server, app.reqNum),
      transitions: await transitionsOf(app.id),
    };
    // The same event again, and again concurrently: stored once, applied once.
    const again = await Promise.all([
      applyProviderEvent(deps, event),
      applyProviderEvent(deps, event),
    ]);
    expect(again).toEqual(['repeated', 'repeated']);
    expect(await paymentsOf(server, app.reqNum)).toEqual(before.payments);
    expect(await transitionsOf(app.id)).toEqual(before.transitions);
    expect(before.transitions).toEqual([{ from_state: 'awaiting_payment', to_state: 'submitted' }]);
    const stored = await server.database.db
      .selectFrom('payment_event')
      .select(['id', 'outcome', 'payment_id'])
      .where('id', '=', 'evt_repeat_1')
      .execute();
    expect(stored).toEqual([{ id: 'evt_repeat_1', outcome: 'applied', payment_id: payment.id }]);
    await server.background.drained();
    expect(
      server.smtp.received.filter((m) => m.to === app.email && /^Receipt/.test(m.subject)),
    ).toHaveLength(1);
  });

  it('an event naming no payment of ours is recorded, logged at error level and counted, never applied', async () => {
    const { app } = await waitingWithSession('stranger@example.com');
    const outcome = await applyProviderEvent(deps, {
      id: 'evt_unknown_1',
      type: 'checkout.session.completed',
      session: {
        sessionId: 'cs_not_ours',
        status: 'paid',
        paymentRef: 'pi_x',
        reference: app.reqNum,
      },
    });
    expect(outcome).toBe('unknown-session');
    expect(await stateOf(server, app.reqNum)).toBe('awaiting_payment');
    expect((await paymentsOf(server, app.reqNum)).map((p) => p.status)).toEqual(['open']);
    const stored = await server.database.db
      .selectFrom('payment_event')
      .select(['outcome', 'session_id', 'payment_id'])
      .where('id', '=', 'evt_unknown_1')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      outcome: 'unknown-session',
      session_id: 'cs_not_ours',
      payment_id: null,
    });
    expect(log.errors.map((e) => e.message)).toContain(
      'payment event names no payment of ours: recorded, not applied',
    );
    expect(await counted(metrics.payments, { outcome: 'unknown' })).toBe(1);
  });

  it('a reference paid twice: the second payment is refunded once, recorded and e-mailed', async () => {
    // Session A expires at our side (the provider said so) but is paid later, as a delayed bank
    // payment can be; meanwhile the traveller opened B and paid it.
    const { app, url: urlA, payment: a } = await waitingWithSession('twice@example.com');
    expect(
      await applyProviderEvent(deps, {
        id: 'evt_expired_a',
        type: 'checkout.session.expired',
        session: { sessionId: a.provider_session_id!, status: 'expired' },
      }),
    ).toBe('applied');
    expect(await counted(metrics.payments, { outcome: 'expired' })).toBe(1);
    const startedB = await startPayment(server, identity(app));
    const urlB = startedB.json().body.url as string;
    expect(urlB).not.toBe(urlA);
    expect((await pressOnDevPage(server, urlB, 'pay')).statusCode).toBe(303);
    expect(await stateOf(server, app.reqNum)).toBe('submitted');

    expect((await pressOnDevPage(server, urlA, 'pay')).statusCode).toBe(303);
    const payments = await paymentsOf(server, app.reqNum);
    expect(payments.map((p) => [p.id === a.id ? 'A' : 'B', p.status])).toEqual([
      ['A', 'refunded'],
      ['B', 'paid'],
    ]);
    const refunds = await server.database.db
      .selectFrom('refund')
      .selectAll()
      .where('payment_id', '=', a.id)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount_minor: 2500,
      currency: 'ILS',
      reason: 'duplicate',
      requested_by: 'system',
    });
    expect(refunds[0]?.provider_refund_id).toMatch(/^re_dev_/);
    // The provider was asked once under the payment's id (its idempotency key).
    const asked = await server.database.db
      .selectFrom('dev_payment_refund')
      .selectAll()
      .where('idempotency_key', '=', a.id)
      .execute();
    expect(asked.map((r) => r.id)).toEqual([refunds[0]?.provider_refund_id]);
    // The application moved once.
    expect(await transitionsOf(app.id)).toEqual([
      { from_state: 'awaiting_payment', to_state: 'submitted' },
    ]);
    const mail = await mailTo(server, app.email, /refunded/);
    expect(mail.subject).toBe('ETA-IL: your payment of 25 NIS is refunded');
    expect(mail.text).toContain(
      `The fee for the ETA-IL applications ${app.reqNum} had already been paid, so we refunded in full the payment of 25 NIS made on 22 November 2026.`,
    );
    expect(await counted(metrics.payments, { outcome: 'duplicate_refunded' })).toBe(1);
    expect(await counted(metrics.paymentAmounts, { kind: 'refunded' })).toBe(2500);
    // The status answer names the payment that counts.
    const status = await server.request({
      method: 'POST',
      url: '/api/status',
      payload: identity(app),
    });
    expect(status.json().payment).toMatchObject({ amount: 25, currency: 'ILS' });
    expect(status.json().payment.paidAt).toBeDefined();
  });
});
