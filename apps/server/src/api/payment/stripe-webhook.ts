// POST /api/payments/stripe/webhook (issue 27 item 4): Stripe's word that a session was paid,
// expired or failed. Registered only when PAYMENT_PROVIDER=stripe. The raw body is kept as bytes
// (a content-type parser scoped to this route) because the signature covers exactly those bytes;
// the provider checks it with STRIPE_WEBHOOK_SECRET and refuses events older than 5 minutes. The
// route is exempt from the browser's XSRF token (no browser calls it: the signature is its proof)
// and has its own request limit. A refused event is answered 400 and touches nothing; a verified
// one goes to the one confirmation path, which stores it once, so a repeat answers 200 and
// changes nothing.
import type { FastifyInstance } from 'fastify';
import { send, sendRefusal } from '../../http.ts';
import type { EventVerification, PaymentProvider, ProviderEvent } from '../../payments/provider.ts';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/** Stripe's events are a few kilobytes; a checkout session with its line items stays far below. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

type Refusal = Extract<EventVerification, { ok: false }>['problem'];

const REFUSED: Record<Refusal, { code: string; message: string }> = {
  badSignature: {
    code: 'webhookSignature',
    message: 'The Stripe-Signature header is missing or does not match the body.',
  },
  tooOld: {
    code: 'webhookTooOld',
    message: 'The event was signed more than 5 minutes ago and is refused as a possible replay.',
  },
  malformed: { code: 'webhookMalformed', message: 'The signed body is not a Stripe event.' },
};

export interface StripeWebhookDeps {
  provider: PaymentProvider;
  /** The one confirmation path (payments/apply-event.ts): stores the event once and applies it. */
  apply: (event: ProviderEvent) => Promise<unknown>;
  /** Deliveries per minute from one address. */
  perMinute: number;
}

export const stripeWebhookRoutes = (app: FastifyInstance, deps: StripeWebhookDeps) =>
  app.register(async (scope) => {
    // In this scope only: every body is kept as the bytes that were signed, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      {
        config: {
          signedWebhook: true,
          rateLimit: { max: deps.perMinute, timeWindow: '1 minute' },
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const verified = deps.provider.verifyEvent(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        if (!verified.ok) {
          request.log.warn({ problem: verified.problem }, 'stripe webhook refused');
          return sendRefusal(reply, 400, REFUSED[verified.problem]);
        }
        await deps.apply(verified.event);
        return send(reply, 200, { received: true });
      },
    );
  });
