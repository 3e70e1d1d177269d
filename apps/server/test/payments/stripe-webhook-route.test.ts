// The webhook route on its own, with the real Stripe provider and the public app's XSRF hook:
// the raw bytes reach the signature check whatever the content type; a refused delivery never
// reaches the confirmation path; the XSRF exemption belongs to this route alone. (What a verified
// event changes is stripe-webhook.test.ts, through the whole service.)
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from '../../src/api/payment/stripe-webhook.ts';
import type { ProviderEvent } from '../../src/payments/provider.ts';
import { createStripeProvider } from '../../src/payments/stripe-provider.ts';
import { registerXsrf } from '../../src/security/xsrf.ts';
import { type StripeTestServer, startStripeTestServer } from './stripe-test-server.ts';

describe('POST /api/payments/stripe/webhook', () => {
  let stripe: StripeTestServer;
  let app: FastifyInstance;
  /** What the route handed to the confirmation path, in order. */
  const applied: ProviderEvent[] = [];

  beforeAll(async () => {
    stripe = await startStripeTestServer();
    app = Fastify({ bodyLimit: 64 * 1024 });
    await app.register(cookie);
    await app.register(rateLimit, { max: 1000, timeWindow: '1 minute' });
    registerXsrf(app, { secure: false });
    app.post('/api/other', async () => ({ ok: true }));
    await stripeWebhookRoutes(app, {
      provider: createStripeProvider({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        api: stripe.sdkOptions,
      }),
      apply: async (event) => {
        applied.push(event);
      },
      perMinute: 1000,
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  const deliver = (payload: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload, headers });

  const event = () =>
    stripe.eventFor('checkout.session.completed', {
      id: 'cs_test_route',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_route',
      client_reference_id: 'ILA-1',
      amount_total: 2500,
      currency: 'ils',
    });

  it('refused deliveries answer 400 with the reason and never reach the confirmation path', async () => {
    const payload = JSON.stringify(event());
    const cases: [Record<string, string>, string][] = [
      [{ 'content-type': 'application/json' }, 'webhookSignature'],
      [
        {
          'content-type': 'application/json',
          'stripe-signature': stripe.signHeader(payload, { secret: 'whsec_other' }),
        },
        'webhookSignature',
      ],
      [
        {
          'content-type': 'application/json',
          'stripe-signature': stripe.signHeader(payload, {
            timestamp: Math.floor(Date.now() / 1000) - 301,
          }),
        },
        'webhookTooOld',
      ],
    ];
    for (const [headers, code] of cases) {
      const answer = await deliver(payload, headers);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, code });
    }
    const text = 'plainly not an event';
    const malformed = await deliver(text, {
      'content-type': 'text/plain',
      'stripe-signature': stripe.signHeader(text),
    });
    expect(malformed.json()).toMatchObject({ statusCode: 400, code: 'webhookMalformed' });
    expect(applied).toEqual([]);
  });

  it('a verified event reaches the confirmation path once per delivery and answers 200', async () => {
    const sent = event();
    // Stripe's own spacing and content type: the bytes as signed, never re-serialized.
    const payload = JSON.stringify(sent, null, 2);
    const answer = await deliver(payload, {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripe.signHeader(payload),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ statusCode: 200, received: true });
    expect(applied).toEqual([
      {
        id: sent.id,
        type: 'checkout.session.completed',
        session: {
          sessionId: 'cs_test_route',
          status: 'paid',
          paymentRef: 'pi_test_route',
          reference: 'ILA-1',
          amountMinor: 2500,
          currency: 'ILS',
        },
      },
    ]);
  });

  it('needs no XSRF token and sets no XSRF cookie; any other POST still needs the token', async () => {
    const payload = JSON.stringify(event());
    const answer = await deliver(payload, {
      'content-type': 'application/json',
      'stripe-signature': stripe.signHeader(payload),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toBeUndefined();
    const other = await app.inject({ method: 'POST', url: '/api/other', payload: {} });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('xsrfMissing');
    // The exemption follows the route, not the path's look: a lookalike path is not exempt.
    const lookalike = await app.inject({
      method: 'POST',
      url: `${STRIPE_WEBHOOK_PATH}/../../other`,
      payload: {},
    });
    expect(lookalike.statusCode).toBe(403);
  });

  it('a body over 256 KB is refused before it is read', async () => {
    const before = applied.length;
    const big = JSON.stringify({ padding: 'x'.repeat(300 * 1024) });
    const answer = await deliver(big, {
      'content-type': 'application/json',
      'stripe-signature': stripe.signHeader(big),
    });
    expect(answer.statusCode).toBe(413);
    expect(applied).toHaveLength(before);
  });
});
