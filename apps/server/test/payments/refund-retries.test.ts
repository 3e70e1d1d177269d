// Refunds the provider could not make at once are tried again by the refund-retries job (issue 27),
// on PGlite and PostgreSQL, with Stripe played by the Stripe-compatible test server. A second
// payment of a fee already paid arrives while Stripe is down: the refund is recorded, its attempt
// too, and it stays pending; the job respects its backoff, and once Stripe is back it refunds once,
// marks the payment refunded and e-mails the traveller once. Two runs of the job at once ask
// Stripe once. An answer lost after Stripe refunded is asked again under the same Idempotency-Key
// and refunds nothing more. After its last attempt the refund is given up, logged as an error and
// counted, and the job leaves it alone until an operator sends it back (after refunding it by hand
// in Stripe's dashboard, here): then the job finds that refund and completes it.
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../src/jobs/queue.ts';
import { retryRefunds } from '../../src/jobs/retry-refunds.ts';
import type { PaymentDeps } from '../../src/payments/apply-event.ts';
import { REFUND_RETRY } from '../../src/payments/refunds.ts';
import { createStripeProvider } from '../../src/payments/stripe-provider.ts';
import { decisionDeps, SETUP_MS, type Submitted, submitted } from '../decisions/support.ts';
import { DATABASES, eventually } from '../harness.ts';
import {
  payLink,
  payOnHostedPage,
  type StripeSuite,
  screened,
  sessionOf,
  startStripeSuite,
} from './stripe-support.ts';
import type { TestCheckoutSession } from './stripe-test-server.ts';
import { collectingLog } from './support.ts';

let counter = 0;
const REFUND_SUBJECT = /is refunded$/;

describe.each(DATABASES)('refunds tried again by the refund-retries job on %s', (kind) => {
  let suite: StripeSuite;
  let log: ReturnType<typeof collectingLog>;
  let deps: PaymentDeps;
  beforeAll(async () => {
    suite = await startStripeSuite(kind, { retryRefunds: true });
    // The service runs the job every minute; the test runs it itself, when its clock says so.
    const schedules = await suite.background.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(QUEUES.refundRetries);
    await suite.background.boss.unschedule(QUEUES.refundRetries);
    log = collectingLog();
    deps = {
      db: suite.database.db,
      clock: suite.clock,
      // The SDK's own retry off, so that each run of the job is one call.
      provider: createStripeProvider({
        secretKey: suite.stripe.secretKey,
        webhookSecret: suite.stripe.webhookSecret,
        api: suite.stripe.sdkOptions,
        maxNetworkRetries: 0,
      }),
      decisions: decisionDeps(suite),
      metrics: suite.metrics,
      log,
    };
  }, SETUP_MS);
  afterAll(() => suite?.close());

  /** A fee paid twice; the second payment (a bank debit) settles while Stripe's API is down. */
  const paidTwiceWhileDown = async (): Promise<{ app: Submitted; debit: TestCheckoutSession }> => {
    counter += 1;
    const app = await submitted(suite, `retry-${kind}-${counter}@example.com`, { pay: false });
    const debit = await sessionOf(suite, await payLink(suite, app));
    await suite.stripe.pay(debit.id, { async: true });
    // Our side closed that payment (as the expiry of an open session does): the traveller paid
    // again by card, and the fee is paid.
    await suite.database.db
      .updateTable('payment')
      .set({ status: 'expired' })
      .where('provider_session_id', '=', debit.id)
      .execute();
    await payOnHostedPage((await sessionOf(suite, await payLink(suite, app))).url as string);
    await screened(suite, app.id);
    suite.stripe.down = true;
    try {
      // The debit settles: Stripe's webhook reaches us, our refund call does not reach Stripe.
      await suite.stripe.settle(debit.id);
    } finally {
      suite.stripe.down = false;
    }
    expect(suite.stripe.deliveries.at(-1)?.status).toBe(200);
    return { app, debit };
  };

  const refundOf = (debit: TestCheckoutSession) =>
    suite.database.db
      .selectFrom('refund as r')
      .innerJoin('payment as p', 'p.id', 'r.payment_id')
      .select([
        'r.id',
        'r.provider_refund_id',
        'r.attempts',
        'r.given_up_at',
        'r.requested_by',
        'p.status',
      ])
      .where('p.provider_session_id', '=', debit.id)
      .executeTakeFirstOrThrow();

  const attemptsOf = async (debit: TestCheckoutSession) =>
    (
      await suite.database.db
        .selectFrom('refund_attempt as a')
        .innerJoin('refund as r', 'r.id', 'a.refund_id')
        .innerJoin('payment as p', 'p.id', 'r.payment_id')
        .select(['a.attempt', 'a.outcome'])
        .where('p.provider_session_id', '=', debit.id)
        .orderBy('a.attempt')
        .execute()
    ).map((a) => `${a.attempt}:${a.outcome}`);

  const refundsAtStripe = (debit: TestCheckoutSession) =>
    suite.stripe.refunds.filter((r) => r.payment_intent === debit.payment_intent);

  const refundMails = (app: Submitted) =>
    suite.smtp.received.filter((m) => m.to === app.email && REFUND_SUBJECT.test(m.subject));

  it('Stripe down at the second payment: pending; back, the queued job refunds once and e-mails once', async () => {
    const { app, debit } = await paidTwiceWhileDown();
    expect(await refundOf(debit)).toMatchObject({
      provider_refund_id: null,
      attempts: 1,
      given_up_at: null,
      requested_by: 'system',
      status: 'paid',
    });
    expect(await attemptsOf(debit)).toEqual(['1:unavailable']);
    expect(refundsAtStripe(debit)).toHaveLength(0);

    // Not due yet: the job waits out the backoff and asks nothing.
    await retryRefunds(deps);
    expect(await attemptsOf(debit)).toEqual(['1:unavailable']);
    // Due, Stripe still down: one more attempt, recorded.
    suite.clock.advance(REFUND_RETRY.firstDelayMs);
    suite.stripe.down = true;
    try {
      await retryRefunds(deps);
    } finally {
      suite.stripe.down = false;
    }
    expect(await attemptsOf(debit)).toEqual(['1:unavailable', '2:unavailable']);
    expect(refundsAtStripe(debit)).toHaveLength(0);

    // Stripe is back: the job, queued as the schedule queues it, refunds.
    suite.clock.advance(REFUND_RETRY.maxDelayMs);
    await suite.background.boss.send(QUEUES.refundRetries);
    const done = await eventually(async () => {
      const row = await refundOf(debit);
      return row.provider_refund_id ? row : undefined;
    }, 60_000);
    const atStripe = refundsAtStripe(debit);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({ amount: 2500, currency: 'ils' });
    expect(done).toMatchObject({
      provider_refund_id: atStripe[0]?.id,
      attempts: 3,
      given_up_at: null,
      status: 'refunded',
    });
    expect(await attemptsOf(debit)).toEqual(['1:unavailable', '2:unavailable', '3:refunded']);
    await eventually(() => (refundMails(app).length > 0 ? true : undefined));
    await suite.background.drained();
    expect(refundMails(app)).toHaveLength(1);
    expect(refundMails(app)[0]?.text).toContain(debit.payment_intent as string);

    // Later runs find nothing to do.
    suite.clock.advance(REFUND_RETRY.maxDelayMs);
    await Promise.all([retryRefunds(deps), retryRefunds(deps)]);
    expect(refundsAtStripe(debit)).toHaveLength(1);
    expect(await attemptsOf(debit)).toHaveLength(3);
    await suite.background.drained();
    expect(refundMails(app)).toHaveLength(1);
  });

  it('the job run twice at once asks Stripe once: one refund, one attempt, one e-mail', async () => {
    const { app, debit } = await paidTwiceWhileDown();
    suite.clock.advance(REFUND_RETRY.maxDelayMs);
    const runs = await Promise.all([retryRefunds(deps), retryRefunds(deps)]);
    expect(runs.reduce((n, run) => n + run.refunded, 0)).toBe(1);
    expect(refundsAtStripe(debit)).toHaveLength(1);
    expect(await attemptsOf(debit)).toEqual(['1:unavailable', '2:refunded']);
    expect(await refundOf(debit)).toMatchObject({ status: 'refunded', attempts: 2 });
    await eventually(() => (refundMails(app).length > 0 ? true : undefined));
    await suite.background.drained();
    expect(refundMails(app)).toHaveLength(1);
  });

  it('an answer lost after Stripe refunded: the retry, under the same key, refunds nothing more', async () => {
    const { debit } = await paidTwiceWhileDown();
    suite.clock.advance(REFUND_RETRY.maxDelayMs);
    // Every answer lost, the SDK's own second try (it makes one when a connection is cut) too.
    suite.stripe.losingAnswers = true;
    try {
      await retryRefunds(deps);
    } finally {
      suite.stripe.losingAnswers = false;
    }
    // Stripe refunded; we never heard: still pending, the attempt's outcome recorded.
    expect(refundsAtStripe(debit)).toHaveLength(1);
    expect(await refundOf(debit)).toMatchObject({ provider_refund_id: null, status: 'paid' });
    expect(await attemptsOf(debit)).toEqual(['1:unavailable', '2:unavailable']);
    suite.clock.advance(REFUND_RETRY.maxDelayMs);
    await retryRefunds(deps);
    const atStripe = refundsAtStripe(debit);
    expect(atStripe).toHaveLength(1);
    expect(await refundOf(debit)).toMatchObject({
      provider_refund_id: atStripe[0]?.id,
      status: 'refunded',
    });
    expect(await attemptsOf(debit)).toEqual(['1:unavailable', '2:unavailable', '3:refunded']);
  });

  it('after its last attempt the refund is given up, alerted (log and metric), and left alone', async () => {
    const { app, debit } = await paidTwiceWhileDown();
    const givenUpBefore = await givenUpCount(suite);
    suite.stripe.down = true;
    try {
      for (let attempt = 2; attempt <= REFUND_RETRY.attempts + 2; attempt++) {
        suite.clock.advance(REFUND_RETRY.maxDelayMs);
        await retryRefunds(deps);
      }
    } finally {
      suite.stripe.down = false;
    }
    const row = await refundOf(debit);
    expect(row).toMatchObject({ provider_refund_id: null, attempts: REFUND_RETRY.attempts });
    expect(row.given_up_at).not.toBeNull();
    expect(await attemptsOf(debit)).toHaveLength(REFUND_RETRY.attempts);
    expect(await givenUpCount(suite)).toBe(givenUpBefore + 1);
    expect(log.errors).toContainEqual({
      details: expect.objectContaining({ refundId: row.id, attempts: REFUND_RETRY.attempts }),
      message: 'refund given up after its last attempt',
    });
    // Stripe back: the job does not ask again, and nothing reaches the traveller.
    suite.clock.advance(REFUND_RETRY.maxDelayMs);
    await retryRefunds(deps);
    expect(refundsAtStripe(debit)).toHaveLength(0);
    expect(await attemptsOf(debit)).toHaveLength(REFUND_RETRY.attempts);
    expect(refundMails(app)).toHaveLength(0);

    // The operator refunds it by hand in Stripe's dashboard and sends it back to the job as
    // docs/operations.md says: the job finds that refund, completes it, and e-mails the traveller.
    const dashboard = new Stripe(suite.stripe.secretKey, suite.stripe.sdkOptions);
    const byHand = await dashboard.refunds.create({
      payment_intent: debit.payment_intent as string,
    });
    await sql`UPDATE refund SET given_up_at = NULL, next_attempt_at = NULL WHERE id = ${row.id}`.execute(
      suite.database.db,
    );
    await retryRefunds(deps);
    expect(refundsAtStripe(debit).map((r) => r.id)).toEqual([byHand.id]);
    expect(await refundOf(debit)).toMatchObject({
      provider_refund_id: byHand.id,
      given_up_at: null,
      status: 'refunded',
    });
    expect((await attemptsOf(debit)).at(-1)).toBe(`${REFUND_RETRY.attempts + 1}:refunded`);
    await eventually(() => (refundMails(app).length > 0 ? true : undefined));
    await suite.background.drained();
    expect(refundMails(app)).toHaveLength(1);
  });
});

const givenUpCount = async (suite: StripeSuite) =>
  (await suite.metrics.refundsGivenUp.get()).values.reduce((n, v) => n + v.value, 0);
