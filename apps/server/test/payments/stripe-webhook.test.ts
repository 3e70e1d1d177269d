// The fee through Stripe end to end, on PGlite and PostgreSQL: PAYMENT_PROVIDER=stripe with
// STRIPE_API_URL at the Stripe-compatible test server, the public app listening for its webhooks.
// The attacks first: a forged, unsigned, changed, old or malformed delivery is refused with 400
// and changes nothing; an event for a session not ours and a repeated event change nothing; the
// webhook's XSRF exemption is its own. Then the traveller pays on the hosted page and the signed
// webhook moves the application to screening; a second payment is refunded through
// refunds.create; Stripe down → 503 and the application still waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../src/api/payment/stripe-webhook.ts';
import { mailTo, SETUP_MS, type Submitted, submitted } from '../decisions/support.ts';
import { DATABASES, eventually } from '../harness.ts';
import {
  feeTables,
  payLink,
  payOnHostedPage,
  type StripeSuite,
  screened,
  sessionOf,
  startPayment,
  startStripeSuite,
  stateOf,
} from './stripe-support.ts';

let counter = 0;

describe.each(DATABASES)('the Stripe webhook on %s', (kind) => {
  let suite: StripeSuite;
  beforeAll(async () => {
    suite = await startStripeSuite(kind);
  }, SETUP_MS);
  afterAll(() => suite?.close());

  const traveller = async (): Promise<Submitted> => {
    counter += 1;
    const app = await submitted(suite, `payer-${kind}-${counter}@example.com`, { pay: false });
    expect(await stateOf(suite, app.id)).toBe('awaiting_payment');
    return app;
  };

  /** A "paid" event for the application's real session, as only Stripe should be able to send. */
  const paidEventFor = async (app: Submitted) => {
    const session = await sessionOf(suite, await payLink(suite, app));
    return suite.stripe.eventFor('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_forged',
    });
  };

  /** POSTs a body to the webhook as anyone on the internet can. */
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${suite.publicBase}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  describe('attacks', () => {
    it('a wrong signature: 400, nothing stored, the application still waits', async () => {
      const app = await traveller();
      const event = await paidEventFor(app);
      const before = await feeTables(suite);
      const delivery = await suite.stripe.deliver(event, { secret: 'whsec_attacker' });
      expect(delivery.status).toBe(400);
      expect(JSON.parse(delivery.body)).toMatchObject({
        statusCode: 400,
        code: 'webhookSignature',
      });
      expect(await feeTables(suite)).toEqual(before);
      expect(await stateOf(suite, app.id)).toBe('awaiting_payment');
    });

    it('no signature, a garbled one, or a body changed after signing: 400, nothing stored', async () => {
      const app = await traveller();
      const event = await paidEventFor(app);
      const before = await feeTables(suite);
      const payload = JSON.stringify(event);
      const header = suite.stripe.signHeader(payload);
      for (const answer of [
        await post(payload),
        await post(payload, { 'stripe-signature': 't=1,v1=00' }),
        await post(payload.replace('"paid"', '"paid" '), { 'stripe-signature': header }),
        await post('', { 'stripe-signature': header }),
      ]) {
        expect(answer.status).toBe(400);
        expect(((await answer.json()) as { code: string }).code).toBe('webhookSignature');
      }
      expect(await feeTables(suite)).toEqual(before);
      expect(await stateOf(suite, app.id)).toBe('awaiting_payment');
    });

    it('an event signed more than 5 minutes ago: 400, nothing stored', async () => {
      const app = await traveller();
      const event = await paidEventFor(app);
      const before = await feeTables(suite);
      const old = Math.floor(Date.now() / 1000) - 6 * 60;
      const delivery = await suite.stripe.deliver(event, { timestamp: old });
      expect(delivery.status).toBe(400);
      expect(JSON.parse(delivery.body).code).toBe('webhookTooOld');
      expect(await feeTables(suite)).toEqual(before);
      expect(await stateOf(suite, app.id)).toBe('awaiting_payment');
    });

    it('a signed body that is not an event: 400, nothing stored', async () => {
      const before = await feeTables(suite);
      const text = 'not an event';
      const answer = await post(text, { 'stripe-signature': suite.stripe.signHeader(text) });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('webhookMalformed');
      expect(await feeTables(suite)).toEqual(before);
    });

    it('an unknown session: recorded and not applied; no application moves', async () => {
      const app = await traveller();
      await payLink(suite, app);
      const before = await feeTables(suite);
      const stranger = suite.stripe.eventFor('checkout.session.completed', {
        id: 'cs_test_not_ours',
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_test_not_ours',
        client_reference_id: app.reqNum,
        amount_total: 2500,
        currency: 'ils',
      });
      const delivery = await suite.stripe.deliver(stranger);
      expect(delivery.status).toBe(200);
      const after = await feeTables(suite);
      expect(after.events.find((e) => e.id === stranger.id)).toMatchObject({
        outcome: 'unknown-session',
        session_id: 'cs_test_not_ours',
        payment_id: null,
      });
      expect(after.payments).toEqual(before.payments);
      expect(after.refunds).toEqual(before.refunds);
      expect(after.applications).toEqual(before.applications);
      expect(await stateOf(suite, app.id)).toBe('awaiting_payment');
    });

    it('a repeated event answers 200 and changes nothing', async () => {
      const app = await traveller();
      const url = await payLink(suite, app);
      await payOnHostedPage(url);
      const event = suite.stripe.events.at(-1);
      expect(event?.type).toBe('checkout.session.completed');
      await mailTo(suite, app.email, /^Receipt/);
      await screened(suite, app.id);
      await suite.background.drained();
      const before = await feeTables(suite);
      const mails = suite.smtp.received.filter((m) => m.to === app.email).length;
      for (let i = 0; i < 3; i += 1) {
        const again = await suite.stripe.deliver(event as NonNullable<typeof event>);
        expect(again.status).toBe(200);
        expect(JSON.parse(again.body)).toEqual({ statusCode: 200, received: true });
      }
      expect(await feeTables(suite)).toEqual(before);
      await suite.background.drained();
      expect(suite.smtp.received.filter((m) => m.to === app.email)).toHaveLength(mails);
      expect(suite.stripe.refunds).toHaveLength(0);
    });

    it('the webhook needs no XSRF token; every other POST still does', async () => {
      // The deliveries above carried no cookie and no X-XSRF-TOKEN. Other routes are unchanged:
      const app = await traveller();
      const noToken = await suite.app.inject({
        method: 'POST',
        url: '/api/payment',
        payload: {
          applicationNumber: app.reqNum,
          passportNumber: app.passportNumber,
          birthDate: app.birthDate,
        },
      });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().code).toBe('xsrfMissing');
      // And the webhook itself sets no XSRF cookie: it is no browser's page.
      const answer = await post('{}', { 'stripe-signature': 't=1,v1=00' });
      expect(answer.headers.get('set-cookie')).toBeNull();
    });
  });

  it('submit → POST /api/payment → Pay on the hosted page → the signed webhook → screened', async () => {
    const app = await traveller();
    const answer = await startPayment(suite, app);
    expect(answer.statusCode).toBe(200);
    const start = answer.json().body as { url: string; amount: number; currency: string };
    expect(start).toMatchObject({ amount: 25, currency: 'ILS' });
    expect(start.url.startsWith(`${suite.stripe.url}/pay/cs_`)).toBe(true);
    const session = await sessionOf(suite, start.url);
    expect(session).toMatchObject({
      amount_total: 2500,
      currency: 'ils',
      client_reference_id: app.reqNum,
      customer_email: app.email,
    });
    // A second click reuses the session: Stripe is not asked to open another.
    const again = await startPayment(suite, app);
    expect((again.json().body as { url: string }).url).toBe(start.url);

    const returnTo = await payOnHostedPage(start.url);
    expect(returnTo.startsWith('https://eta-il.example.test/')).toBe(true);
    const delivered = suite.stripe.deliveries.at(-1);
    expect(delivered).toMatchObject({ status: 200 });
    const payment = await suite.database.db
      .selectFrom('payment')
      .selectAll()
      .where('provider_session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      provider_payment_id: session.payment_intent,
      amount_minor: 2500,
    });
    await screened(suite, app.id);
    const receipt = await mailTo(suite, app.email, /^Receipt/);
    expect(receipt.text).toContain(app.reqNum);
    // Paid: a new POST /api/payment answers 409.
    expect((await startPayment(suite, app)).statusCode).toBe(409);
  });

  it('two payments of one fee → the second refunded once through refunds.create', async () => {
    const app = await traveller();
    // A bank debit started on the first session and is still processing at Stripe…
    const first = await sessionOf(suite, await payLink(suite, app));
    await suite.stripe.pay(first.id, { async: true });
    expect(await stateOf(suite, app.id)).toBe('awaiting_payment');
    // …while our side closed that payment (as the expiry of an open session does), so the
    // traveller opened a second session and paid it by card.
    await suite.database.db
      .updateTable('payment')
      .set({ status: 'expired' })
      .where('provider_session_id', '=', first.id)
      .execute();
    const second = await sessionOf(suite, await payLink(suite, app));
    expect(second.id).not.toBe(first.id);
    await payOnHostedPage(second.url as string);
    await screened(suite, app.id);
    // The bank debit settles: a second payment of a fee already paid.
    await suite.stripe.settle(first.id);
    const refund = await eventually(() =>
      suite.stripe.refunds.find((r) => r.payment_intent === first.payment_intent),
    );
    expect(refund).toMatchObject({ amount: 2500, currency: 'ils' });
    const stored = await eventually(() =>
      suite.database.db
        .selectFrom('refund as r')
        .innerJoin('payment as p', 'p.id', 'r.payment_id')
        .select(['r.provider_refund_id', 'r.requested_by', 'p.status'])
        .where('p.provider_session_id', '=', first.id)
        .where('r.provider_refund_id', 'is not', null)
        .executeTakeFirst(),
    );
    expect(stored).toEqual({
      provider_refund_id: refund.id,
      requested_by: 'system',
      status: 'refunded',
    });
    // The same event again refunds nothing more.
    await suite.stripe.deliver(
      suite.stripe.events.at(-1) as NonNullable<ReturnType<typeof suite.stripe.events.at>>,
    );
    expect(
      suite.stripe.refunds.filter((r) => r.payment_intent === first.payment_intent),
    ).toHaveLength(1);
  });

  it('Stripe down → POST /api/payment answers 503 and the application still waits', async () => {
    const app = await traveller();
    suite.stripe.down = true;
    try {
      const answer = await startPayment(suite, app);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ statusCode: 503, code: 'paymentUnavailable' });
    } finally {
      suite.stripe.down = false;
    }
    expect(await stateOf(suite, app.id)).toBe('awaiting_payment');
    // Stripe back: the same payment opens its session and is paid.
    const url = await payLink(suite, app);
    await payOnHostedPage(url);
    await screened(suite, app.id);
  });
});

describe('the Stripe webhook has its own request limit', () => {
  let suite: StripeSuite;
  beforeAll(async () => {
    suite = await startStripeSuite('pglite', { webhookPerMinute: 3 });
  }, SETUP_MS);
  afterAll(() => suite?.close());

  it('answers 429 past its limit, before verifying anything', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await fetch(`${suite.publicBase}${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});
