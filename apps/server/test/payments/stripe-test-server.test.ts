// The Stripe-compatible test server answers the official SDK as Stripe does, for the calls the
// fee uses: a Checkout Session with an idempotency key, its retrieval, the hosted page's Pay,
// signed webhooks that the SDK's constructEvent accepts (and refuses when forged or old), and
// refunds bounded by what was received.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeTestServer, startStripeTestServer } from './stripe-test-server.ts';

describe('the Stripe-compatible test server, driven by the official SDK', () => {
  let provider: StripeTestServer;
  let stripe: Stripe;
  let receiver: Server;
  /** What the webhook receiver made of each delivery: the verified event type, or the error. */
  const received: string[] = [];

  beforeAll(async () => {
    provider = await startStripeTestServer();
    stripe = new Stripe(provider.secretKey, { ...provider.sdkOptions, maxNetworkRetries: 0 });
    receiver = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      try {
        const event = stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          String(request.headers['stripe-signature']),
          provider.webhookSecret,
          300,
        );
        received.push(event.type);
        response.writeHead(200).end();
      } catch (error) {
        received.push(`refused: ${(error as Error).message.slice(0, 40)}`);
        response.writeHead(400).end();
      }
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    provider.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await provider?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const checkout = (idempotencyKey: string, quantity = 3) =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity,
            price_data: {
              currency: 'ils',
              unit_amount: 2500,
              product_data: { name: 'ETA-IL application fee' },
            },
          },
        ],
        client_reference_id: 'ILG-TEST-0001',
        metadata: { reference: 'ILG-TEST-0001' },
        success_url: 'http://localhost:3000/payment/return?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/payment/cancelled',
      },
      { idempotencyKey },
    );

  it('creates a session once per idempotency key and answers it back', async () => {
    const first = await checkout('fee-ILG-TEST-0001');
    const again = await checkout('fee-ILG-TEST-0001');
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      amount_total: 7500,
      currency: 'ils',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: 'ILG-TEST-0001',
      metadata: { reference: 'ILG-TEST-0001' },
    });
    expect(first.url).toBe(`${provider.url}/pay/${first.id}`);
    expect((await stripe.checkout.sessions.retrieve(first.id)).id).toBe(first.id);
    // The same key with other parameters is Stripe's idempotency error.
    await expect(checkout('fee-ILG-TEST-0001', 2)).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('the hosted page pays, returns the browser to success_url and sends a signed event', async () => {
    const session = await checkout('fee-page');
    const page = await fetch(session.url as string);
    expect(await page.text()).toContain('75 ILS');
    const paid = await fetch(`${provider.url}/pay/${session.id}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/payment/return?session=${session.id}`,
    );
    expect(received.at(-1)).toBe('checkout.session.completed');
    const read = await stripe.checkout.sessions.retrieve(session.id);
    expect(read).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = await stripe.paymentIntents.retrieve(read.payment_intent as string);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 7500 });
  });

  it('a delayed payment completes unpaid, then settles with async_payment_succeeded', async () => {
    const session = await checkout('fee-async');
    await provider.pay(session.id, { async: true });
    expect(received.at(-1)).toBe('checkout.session.completed');
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
    await provider.settle(session.id);
    expect(received.at(-1)).toBe('checkout.session.async_payment_succeeded');
  });

  it('an event signed with another secret, or five minutes old, fails constructEvent', async () => {
    const event = provider.eventFor('checkout.session.completed', { id: 'cs_unknown' });
    expect((await provider.deliver(event, { secret: 'whsec_forged' })).status).toBe(400);
    const old = Math.floor(Date.now() / 1000) - 301;
    expect((await provider.deliver(event, { timestamp: old })).status).toBe(400);
    expect((await provider.deliver(event)).status).toBe(200);
  });

  it('refunds what was received, no more', async () => {
    const session = await checkout('fee-refund', 1);
    await provider.pay(session.id);
    const intent = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const refund = await stripe.refunds.create(
      { payment_intent: intent, reason: 'duplicate' },
      { idempotencyKey: `refund-${intent}` },
    );
    expect(refund).toMatchObject({ amount: 2500, currency: 'ils', status: 'succeeded' });
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it('expires an open session with checkout.session.expired', async () => {
    const session = await checkout('fee-expire');
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    expect(received.at(-1)).toBe('checkout.session.expired');
  });

  it('refuses a wrong key, an unknown session, and answers 503 while down', async () => {
    const stranger = new Stripe('sk_test_wrong', { ...provider.sdkOptions, maxNetworkRetries: 0 });
    await expect(stranger.checkout.sessions.retrieve('cs_x')).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({
      statusCode: 404,
    });
    provider.down = true;
    try {
      await expect(checkout('fee-down')).rejects.toMatchObject({ statusCode: 503 });
    } finally {
      provider.down = false;
    }
  });
});
