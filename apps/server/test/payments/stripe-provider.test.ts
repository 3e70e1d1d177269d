// The Stripe provider, through the official SDK, against the Stripe-compatible test server: a
// session opened once per payment id and priced from our fee, paid on the hosted page and read
// back, refunded once, and webhooks accepted only when signed with our secret and fresh.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentProvider, ProviderUnavailable } from '../../src/payments/provider.ts';
import { createStripeProvider } from '../../src/payments/stripe-provider.ts';
import { type StripeTestServer, startStripeTestServer } from './stripe-test-server.ts';

describe('the Stripe provider (official SDK) against a Stripe-compatible server', () => {
  let server: StripeTestServer;
  let stripe: PaymentProvider;
  let n = 0;

  beforeAll(async () => {
    server = await startStripeTestServer();
    stripe = createStripeProvider({
      secretKey: server.secretKey,
      webhookSecret: server.webhookSecret,
      api: server.sdkOptions,
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => server?.close());

  const request = (paymentId = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`) => ({
    paymentId,
    reference: 'ILG-2026-000123',
    amountMinor: 7500,
    currency: 'ILS',
    successUrl: `http://localhost:3000/payment/${paymentId}`,
    cancelUrl: `http://localhost:3000/payment/${paymentId}?cancelled=1`,
    email: 'traveller@example.org',
    language: 'en',
  });

  /** A signed webhook body and header, as Stripe would send them. */
  const signed = (event: object, options: { timestamp?: number; secret?: string } = {}) => {
    const payload = JSON.stringify(event);
    return {
      body: Buffer.from(payload),
      header: server.signHeader(payload, options),
    };
  };

  it('opens a Checkout Session priced from our fee, once per payment id', async () => {
    const opening = request();
    const first = await stripe.openSession(opening);
    const again = await stripe.openSession(opening);
    expect(again).toEqual(first);
    expect(server.sessions.size).toBe(1);
    expect(first.url).toBe(`${server.url}/pay/${first.sessionId}`);
    expect(server.sessions.get(first.sessionId)).toMatchObject({
      mode: 'payment',
      amount_total: 7500,
      currency: 'ils',
      client_reference_id: 'ILG-2026-000123',
      customer_email: 'traveller@example.org',
      locale: 'en-GB',
      metadata: { reference: 'ILG-2026-000123', paymentId: opening.paymentId },
      success_url: opening.successUrl,
      cancel_url: opening.cancelUrl,
    });
    // The price is our own line (price_data), never a price id from Stripe's dashboard.
    expect(server.lineItems.get(first.sessionId)).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'ils',
          unit_amount: '7500',
          product_data: { name: 'ETA-IL application fee' },
        },
      },
    ]);
    expect(await stripe.retrieveSession(first.sessionId)).toEqual({
      sessionId: first.sessionId,
      status: 'open',
      reference: 'ILG-2026-000123',
      amountMinor: 7500,
      currency: 'ILS',
    });
  });

  it('a session paid on the hosted page reads back paid with its payment intent', async () => {
    const { sessionId, url } = await stripe.openSession(request());
    const page = await fetch(url);
    expect(await page.text()).toContain('75 ILS');
    const paid = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const state = await stripe.retrieveSession(sessionId);
    expect(state.status).toBe('paid');
    expect(state.paymentRef).toMatch(/^pi_/);
    expect(server.paymentIntents.get(state.paymentRef as string)?.status).toBe('succeeded');
  });

  it('an expired session reads back expired; a delayed payment stays open until it settles', async () => {
    const expiring = await stripe.openSession(request());
    await server.expire(expiring.sessionId);
    expect((await stripe.retrieveSession(expiring.sessionId)).status).toBe('expired');

    const delayed = await stripe.openSession(request());
    await server.pay(delayed.sessionId, { async: true });
    expect((await stripe.retrieveSession(delayed.sessionId)).status).toBe('open');
    await server.settle(delayed.sessionId);
    expect((await stripe.retrieveSession(delayed.sessionId)).status).toBe('paid');
  });

  it('refunds a payment in full, once per idempotency key', async () => {
    const opening = request();
    const { sessionId } = await stripe.openSession(opening);
    await server.pay(sessionId);
    const paymentRef = (await stripe.retrieveSession(sessionId)).paymentRef as string;
    // The payment's id keys both the session it opened and its refund: Stripe's one key space
    // must not see them as one request with other parameters.
    const key = opening.paymentId;
    const first = await stripe.refund({ paymentRef, idempotencyKey: key });
    const again = await stripe.refund({ paymentRef, idempotencyKey: key });
    expect(again).toEqual(first);
    expect(first.refundId).toMatch(/^re_/);
    const refunds = server.refunds.filter((r) => r.payment_intent === paymentRef);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 7500, currency: 'ils' });
  });

  it('verifies a signed event and reads its session', async () => {
    const { sessionId } = await stripe.openSession(request());
    const session = await server.pay(sessionId);
    const event = server.events.at(-1);
    expect(event?.type).toBe('checkout.session.completed');
    const { body, header } = signed(event as object);
    expect(stripe.verifyEvent(body, header)).toEqual({
      ok: true,
      event: {
        id: event?.id,
        type: 'checkout.session.completed',
        session: {
          sessionId,
          status: 'paid',
          paymentRef: session.payment_intent,
          reference: 'ILG-2026-000123',
          amountMinor: 7500,
          currency: 'ILS',
        },
      },
    });
  });

  it('reads each session event as the state it gives the session', async () => {
    const { sessionId } = await stripe.openSession(request());
    const session = server.sessions.get(sessionId);
    const verified = (type: string, object: unknown) => {
      const { body, header } = signed(server.eventFor(type, object));
      const result = stripe.verifyEvent(body, header);
      return result.ok ? result.event.session?.status : result.problem;
    };
    expect(verified('checkout.session.expired', { ...session, status: 'expired' })).toBe('expired');
    // Completed but not yet paid (a delayed method): still open.
    const unpaid = { ...session, status: 'complete', payment_status: 'unpaid' };
    expect(verified('checkout.session.completed', unpaid)).toBe('open');
    expect(
      verified('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' }),
    ).toBe('paid');
    expect(verified('checkout.session.async_payment_failed', unpaid)).toBe('expired');
    // Another type is verified but names no session: stored, and ignored.
    const { body, header } = signed(server.eventFor('charge.refunded', { id: 'ch_1' }));
    const other = stripe.verifyEvent(body, header);
    expect(other).toMatchObject({ ok: true, event: { type: 'charge.refunded' } });
    expect(other.ok && other.event.session).toBeUndefined();
  });

  it('refuses a wrong signature, a missing one, a changed body and an event older than 5 minutes', () => {
    const event = server.eventFor('checkout.session.completed', { id: 'cs_test_x' });
    const forged = signed(event, { secret: 'whsec_not_ours' });
    expect(stripe.verifyEvent(forged.body, forged.header)).toEqual({
      ok: false,
      problem: 'badSignature',
    });
    const good = signed(event);
    expect(stripe.verifyEvent(good.body, undefined)).toEqual({
      ok: false,
      problem: 'badSignature',
    });
    expect(stripe.verifyEvent(good.body, 'garbage')).toEqual({
      ok: false,
      problem: 'badSignature',
    });
    const changed = Buffer.from(good.body.toString().replace('cs_test_x', 'cs_test_y'));
    expect(stripe.verifyEvent(changed, good.header)).toEqual({
      ok: false,
      problem: 'badSignature',
    });
    const old = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stripe.verifyEvent(old.body, old.header)).toEqual({ ok: false, problem: 'tooOld' });
    // Just inside the tolerance: accepted.
    const recent = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect(stripe.verifyEvent(recent.body, recent.header).ok).toBe(true);
  });

  it('refuses a correctly signed body that is not an event', () => {
    const text = Buffer.from('not json');
    expect(stripe.verifyEvent(text, server.signHeader('not json'))).toEqual({
      ok: false,
      problem: 'malformed',
    });
    const noSession = signed({ id: 'evt_1', type: 'checkout.session.completed', data: {} });
    expect(stripe.verifyEvent(noSession.body, noSession.header)).toEqual({
      ok: false,
      problem: 'malformed',
    });
    const noId = signed({ type: 'checkout.session.completed' });
    expect(stripe.verifyEvent(noId.body, noId.header)).toEqual({
      ok: false,
      problem: 'malformed',
    });
  });

  it('throws ProviderUnavailable when Stripe answers 503 or cannot be reached', async () => {
    server.down = true;
    try {
      await expect(stripe.openSession(request())).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(stripe.retrieveSession('cs_test_any')).rejects.toBeInstanceOf(
        ProviderUnavailable,
      );
      await expect(
        stripe.refund({ paymentRef: 'pi_test_any', idempotencyKey: 'k' }),
      ).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      server.down = false;
    }
    // A port nobody listens on: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createStripeProvider({
      secretKey: server.secretKey,
      webhookSecret: server.webhookSecret,
      api: { host: '127.0.0.1', port, protocol: 'http' },
      maxNetworkRetries: 0,
    });
    await expect(unreachable.openSession(request())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('a refusal by Stripe (not an outage) is not ProviderUnavailable', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: server.webhookSecret,
      api: server.sdkOptions,
      maxNetworkRetries: 0,
    });
    const refused = await wrongKey.openSession(request()).catch((error: unknown) => error);
    expect(refused).not.toBeInstanceOf(ProviderUnavailable);
    expect(refused).toMatchObject({ statusCode: 401 });
    const unknown = await stripe.retrieveSession('cs_test_unknown').catch((e: unknown) => e);
    expect(unknown).not.toBeInstanceOf(ProviderUnavailable);
    expect(unknown).toMatchObject({ statusCode: 404 });
  });

  it('asks for the page in the traveller’s language where Checkout has it, else follows the browser', async () => {
    const localeFor = async (language: string) => {
      const opened = await stripe.openSession({ ...request(), language });
      return server.sessions.get(opened.sessionId)?.locale;
    };
    expect(await localeFor('ru')).toBe('ru');
    expect(await localeFor('fr')).toBe('fr');
    // Checkout has no Hebrew or Arabic page.
    expect(await localeFor('he')).toBe('auto');
    expect(await localeFor('ar')).toBe('auto');
  });
});
