// The fee taken by Stripe (issue 27 item 4, decision 049), through the official SDK only: a
// Checkout Session priced from our own fee (never a dashboard price), opened once per payment row
// (the row's id is the Idempotency-Key), read back on return, refunded in full, and confirmed by
// webhooks whose raw body the SDK's constructEvent checks against STRIPE_WEBHOOK_SECRET.
import Stripe from 'stripe';
import type { StripeApiBase } from '../config.ts';
import {
  EVENT_TOLERANCE_SECONDS,
  type EventVerification,
  type PaymentProvider,
  ProviderUnavailable,
  type SessionState,
} from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server instead of api.stripe.com (STRIPE_API_URL). */
  api?: StripeApiBase | undefined;
  /** The SDK's own retries of a failed call (safe: every POST carries an idempotency key). */
  maxNetworkRetries?: number;
  /** Milliseconds before a call counts as unanswered. */
  timeoutMs?: number;
}

/** What the traveller's card statement and Stripe's page call the charge. */
const PRODUCT_NAME = 'ETA-IL application fee';

/**
 * The hosted page's language: the traveller's where Checkout has it. Checkout has no Hebrew or
 * Arabic page: `auto` lets it follow the browser, and it falls back to English.
 */
const CHECKOUT_LOCALES: Readonly<Record<string, Stripe.Checkout.SessionCreateParams.Locale>> = {
  en: 'en-GB',
  fr: 'fr',
  ru: 'ru',
  es: 'es',
  de: 'de',
};
const checkoutLocale = (language: string): Stripe.Checkout.SessionCreateParams.Locale =>
  CHECKOUT_LOCALES[language] ?? 'auto';

/** The session events that move a payment; every other type is stored and ignored. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** The SDK's word for "Stripe did not answer": no connection, a timeout, a 5xx or a 429. */
const unanswered = (error: unknown): boolean => {
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  const status = error.statusCode ?? 0;
  return status >= 500 || status === 429;
};

const calling = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (unanswered(error)) throw new ProviderUnavailable(error);
    throw error;
  }
};

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** A Checkout Session as our interface sees it; `paidNow` is what the event itself says. */
const stateOf = (
  session: Stripe.Checkout.Session,
  status?: SessionState['status'],
): SessionState => {
  const paymentRef = idOf(session.payment_intent);
  const reference = session.client_reference_id ?? session.metadata?.reference ?? undefined;
  const read: SessionState['status'] =
    session.status === 'expired' ? 'expired' : session.payment_status === 'paid' ? 'paid' : 'open';
  return {
    sessionId: session.id,
    status: status ?? read,
    ...(paymentRef ? { paymentRef } : {}),
    ...(reference ? { reference } : {}),
    ...(typeof session.amount_total === 'number' ? { amountMinor: session.amount_total } : {}),
    ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
  };
};

/** What a session event says of its session. */
const eventStatus = (type: string, session: Stripe.Checkout.Session): SessionState['status'] => {
  switch (type) {
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    // A delayed payment (a bank debit) that failed: the session is closed and will never be paid;
    // the traveller pays again on a new session.
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return 'expired';
    default:
      // checkout.session.completed: paid only when the money is taken; a delayed method completes
      // the session unpaid and settles later with async_payment_succeeded.
      return session.payment_status === 'paid' ? 'paid' : 'open';
  }
};

const isAlreadyRefunded = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.code === 'charge_already_refunded';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export const createStripeProvider = (options: StripeProviderOptions): PaymentProvider => {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api ?? {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    timeout: options.timeoutMs ?? 10_000,
  });

  const verifyEvent = (rawBody: Buffer, signature: string | undefined): EventVerification => {
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        options.webhookSecret,
        EVENT_TOLERANCE_SECONDS,
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) {
        // The signature matched but the body is not an event (not JSON).
        return { ok: false, problem: 'malformed' };
      }
      return {
        ok: false,
        problem: /tolerance/i.test(error.message) ? 'tooOld' : 'badSignature',
      };
    }
    if (!isObject(event) || typeof event.id !== 'string' || typeof event.type !== 'string') {
      return { ok: false, problem: 'malformed' };
    }
    if (!SESSION_EVENTS.has(event.type)) {
      return { ok: true, event: { id: event.id, type: event.type } };
    }
    const session = (event.data as { object?: unknown } | undefined)?.object;
    if (!isObject(session) || typeof session.id !== 'string') {
      return { ok: false, problem: 'malformed' };
    }
    const checkout = session as unknown as Stripe.Checkout.Session;
    return {
      ok: true,
      event: {
        id: event.id,
        type: event.type,
        session: stateOf(checkout, eventStatus(event.type, checkout)),
      },
    };
  };

  return {
    name: 'stripe',
    openSession: async (request) => {
      const session = await calling(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: PRODUCT_NAME },
                },
              },
            ],
            client_reference_id: request.reference,
            metadata: { reference: request.reference, paymentId: request.paymentId },
            customer_email: request.email,
            locale: checkoutLocale(request.language),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.paymentId },
        ),
      );
      if (!session.url) throw new Error(`Stripe opened session ${session.id} without a page`);
      return { sessionId: session.id, url: session.url };
    },
    retrieveSession: async (sessionId) =>
      stateOf(await calling(() => stripe.checkout.sessions.retrieve(sessionId))),
    refund: async ({ paymentRef, idempotencyKey }) => {
      // Stripe keeps one idempotency key space per account for every call: the refund's key is
      // namespaced so that the payment's id, which also opened its session, never collides.
      try {
        const refund = await calling(() =>
          stripe.refunds.create(
            { payment_intent: paymentRef },
            { idempotencyKey: `refund-${idempotencyKey}` },
          ),
        );
        return { refundId: refund.id };
      } catch (error) {
        if (!isAlreadyRefunded(error)) throw error;
        // Refunded in full already: by hand in the dashboard, or by an attempt of ours whose
        // answer was lost more than 24 hours ago (when Stripe forgets the key). That refund is it.
        const made = await calling(() =>
          stripe.refunds.list({ payment_intent: paymentRef, limit: 1 }),
        );
        const [refund] = made.data;
        if (!refund) throw error;
        return { refundId: refund.id };
      }
    },
    verifyEvent,
  };
};
