// A Stripe-compatible test server: the part of Stripe's API that ETA-IL uses (Checkout Sessions,
// payment intents, refunds), stateful, answering the official `stripe` SDK pointed at it with
// `{ host, port, protocol }`, with a hosted payment page (Pay / Decline) and webhooks signed with
// the SDK's own `webhooks.generateTestHeaderString`. Tests drive it like a person and a provider
// would; nothing of ours is stubbed.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

export interface TestCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  /** The page's language as asked for (Checkout's `locale`); null when not given. */
  locale: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

interface TestPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'processing' | 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface TestRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

export interface TestEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: unknown };
}

export interface Delivery {
  eventId: string;
  status: number;
  body: string;
}

export interface StripeTestServer {
  /** Base URL of the API and the hosted pages. */
  url: string;
  /** What `new Stripe(key, options)` needs to talk to this server. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, TestCheckoutSession>;
  /** The line items each session was created with, as the SDK sent them (form-encoded strings). */
  lineItems: Map<string, unknown[]>;
  paymentIntents: Map<string, TestPaymentIntent>;
  refunds: TestRefund[];
  events: TestEvent[];
  deliveries: Delivery[];
  /** Where events are posted; unset: events are kept, not sent. */
  webhookUrl: string | undefined;
  /** While true, every API call is answered 503 (the provider is down). */
  down: boolean;
  /**
   * While true, every API call is carried out (and kept under its Idempotency-Key) but its answer
   * is lost: the connection is cut before it is sent.
   */
  losingAnswers: boolean;
  /** Pays an open session (as the hosted page's Pay does) and delivers its events. */
  pay: (sessionId: string, options?: { async?: boolean }) => Promise<TestCheckoutSession>;
  /** Expires an open session (as Stripe does after 24 hours) and delivers its event. */
  expire: (sessionId: string) => Promise<TestCheckoutSession>;
  /** Settles a session paid by a delayed method (bank debit): async_payment_succeeded. */
  settle: (sessionId: string) => Promise<TestCheckoutSession>;
  /** Delivers an event (again), signed now, or at `timestamp`, or with another secret. */
  deliver: (
    event: TestEvent,
    options?: { timestamp?: number; secret?: string },
  ) => Promise<Delivery>;
  /** A Stripe-Signature header for `payload`, as Stripe signs a delivery. */
  signHeader: (payload: string, options?: { timestamp?: number; secret?: string }) => string;
  /** An event built and signed as Stripe would, for a session of this server or not. */
  eventFor: (type: string, object: unknown) => TestEvent;
  close: () => Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const API_VERSION = '2026-10-28.endive';

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const required = (value: unknown, param: string): string => {
  if (typeof value !== 'string' || value === '')
    throw new ApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, param);
  return value;
};

const positiveInteger = (value: unknown, param: string): number => {
  const n = Number(required(value, param));
  if (!Number.isInteger(n) || n <= 0)
    throw new ApiError(400, 'invalid_request_error', `Invalid integer: ${String(value)}`, param);
  return n;
};

const stringRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]))
    : {};

interface LineItem {
  quantity?: string;
  price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
}

export const startStripeTestServer = async ({
  port: wanted = 0,
}: {
  /** 0 (the default): any free port. */
  port?: number;
} = {}): Promise<StripeTestServer> => {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const stripe = new Stripe(secretKey);
  const sessions = new Map<string, TestCheckoutSession>();
  const lineItems = new Map<string, unknown[]>();
  const paymentIntents = new Map<string, TestPaymentIntent>();
  const refunds: TestRefund[] = [];
  const events: TestEvent[] = [];
  const deliveries: Delivery[] = [];
  /** Idempotency-Key → the request it was first used with and the answer given. */
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  let base = '';

  const eventFor = (type: string, object: unknown): TestEvent => ({
    id: id('evt'),
    object: 'event',
    type,
    created: now(),
    api_version: API_VERSION,
    livemode: false,
    data: { object: structuredClone(object) },
  });

  const signHeader: StripeTestServer['signHeader'] = (payload, options = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });

  const deliver: StripeTestServer['deliver'] = async (event, options = {}) => {
    const payload = JSON.stringify(event);
    const header = signHeader(payload, options);
    if (!server.webhookUrl) throw new Error('No webhook URL to deliver to');
    const answer = await fetch(server.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    const delivery = { eventId: event.id, status: answer.status, body: await answer.text() };
    deliveries.push(delivery);
    return delivery;
  };

  /** Records an event and, when a webhook URL is set, delivers it. */
  const emit = async (type: string, object: unknown) => {
    const event = eventFor(type, object);
    events.push(event);
    if (server.webhookUrl) await deliver(event);
    return event;
  };

  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session)
      throw new ApiError(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`);
    return session;
  };

  const openSession = (sessionId: string) => {
    const session = sessionOf(sessionId);
    if (session.status !== 'open')
      throw new ApiError(
        400,
        'invalid_request_error',
        `This Checkout Session is ${session.status}.`,
      );
    return session;
  };

  const pay: StripeTestServer['pay'] = async (sessionId, options = {}) => {
    const session = openSession(sessionId);
    const intent: TestPaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: options.async ? 0 : session.amount_total,
      currency: session.currency,
      status: options.async ? 'processing' : 'succeeded',
      metadata: session.metadata,
      created: now(),
    };
    paymentIntents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_status = options.async ? 'unpaid' : 'paid';
    session.payment_intent = intent.id;
    session.url = null;
    await emit('checkout.session.completed', session);
    return session;
  };

  const expire: StripeTestServer['expire'] = async (sessionId) => {
    const session = openSession(sessionId);
    session.status = 'expired';
    session.url = null;
    await emit('checkout.session.expired', session);
    return session;
  };

  const settle: StripeTestServer['settle'] = async (sessionId) => {
    const session = sessionOf(sessionId);
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (intent?.status !== 'processing') throw new Error('Nothing to settle');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    session.payment_status = 'paid';
    await emit('checkout.session.async_payment_succeeded', session);
    return session;
  };

  const createSession = (params: Record<string, unknown>): TestCheckoutSession => {
    if (params.mode !== 'payment')
      throw new ApiError(400, 'invalid_request_error', 'Only mode=payment is served here.', 'mode');
    const items = (Array.isArray(params.line_items) ? params.line_items : []) as LineItem[];
    if (items.length === 0)
      throw new ApiError(400, 'invalid_request_error', 'Missing line_items.', 'line_items');
    const currencies = new Set<string>();
    let total = 0;
    items.forEach((item, i) => {
      const param = `line_items[${i}]`;
      currencies.add(required(item.price_data?.currency, `${param}[price_data][currency]`));
      required(item.price_data?.product_data?.name, `${param}[price_data][product_data][name]`);
      total +=
        positiveInteger(item.price_data?.unit_amount, `${param}[price_data][unit_amount]`) *
        positiveInteger(item.quantity, `${param}[quantity]`);
    });
    if (currencies.size !== 1)
      throw new ApiError(400, 'invalid_request_error', 'Line items must share one currency.');
    const sessionId = id('cs');
    const session: TestCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      currency: [...currencies][0] as string,
      client_reference_id:
        typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      locale: typeof params.locale === 'string' ? params.locale : null,
      metadata: stringRecord(params.metadata),
      payment_intent: null,
      success_url: required(params.success_url, 'success_url'),
      cancel_url: required(params.cancel_url, 'cancel_url'),
      url: `${base}/pay/${sessionId}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    };
    sessions.set(sessionId, session);
    lineItems.set(sessionId, items);
    return session;
  };

  const createRefund = (params: Record<string, unknown>): TestRefund => {
    const intentId = required(params.payment_intent, 'payment_intent');
    const intent = paymentIntents.get(intentId);
    if (!intent)
      throw new ApiError(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`);
    const refunded = refunds
      .filter((r) => r.payment_intent === intentId)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount =
      params.amount === undefined
        ? intent.amount_received - refunded
        : positiveInteger(params.amount, 'amount');
    // As Stripe answers a refund of a payment refunded in full already (by anyone, under any key).
    if (refunded > 0 && refunded >= intent.amount_received)
      throw new ApiError(
        400,
        'invalid_request_error',
        `Charge for ${intentId} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    if (amount <= 0 || refunded + amount > intent.amount_received)
      throw new ApiError(
        400,
        'invalid_request_error',
        'Refund exceeds what was received.',
        'amount',
      );
    const refund: TestRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      reason: typeof params.reason === 'string' ? params.reason : null,
      metadata: stringRecord(params.metadata),
      status: 'succeeded',
      created: now(),
    };
    refunds.push(refund);
    return refund;
  };

  /** The API proper: /v1/…, authenticated with the secret key, idempotent on POST. */
  const api = async (method: string, path: string, params: Record<string, unknown>) => {
    const [, resource, resourceId, action] = path.split('/').slice(1);
    if (method === 'POST' && resource === 'checkout' && resourceId === 'sessions' && !action)
      return createSession(params);
    if (resource === 'checkout' && resourceId === 'sessions' && action) {
      const rest = path.split('/').slice(5);
      if (method === 'GET' && rest.length === 0) return sessionOf(action);
      if (method === 'POST' && rest[0] === 'expire') return expire(action);
    }
    if (method === 'GET' && resource === 'payment_intents' && resourceId) {
      const intent = paymentIntents.get(resourceId);
      if (!intent)
        throw new ApiError(404, 'invalid_request_error', `No such payment_intent: '${resourceId}'`);
      return intent;
    }
    if (method === 'POST' && resource === 'refunds' && !resourceId) return createRefund(params);
    if (method === 'GET' && resource === 'refunds' && !resourceId) {
      const data = refunds.filter((r) => r.payment_intent === params.payment_intent).reverse();
      return { object: 'list', url: '/v1/refunds', has_more: false, data };
    }
    throw new ApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path})`,
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    // A browser on the hosted page asks for an icon; Stripe's page has one, this one has none.
    if (url.pathname === '/favicon.ico') return void response.writeHead(204).end();
    // The hosted payment page: what the traveller's browser is sent to.
    const page = url.pathname.match(/^\/pay\/([\w]+)(?:\/(complete|cancel))?$/);
    if (page) {
      const session = sessions.get(page[1] as string);
      if (!session) return send(response, 404, { error: { message: 'No such page' } });
      if (method === 'POST' && page[2] === 'complete' && session.status === 'open') {
        await pay(session.id);
        const target = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
        response.writeHead(303, { location: target }).end();
        return;
      }
      if (method === 'POST' && page[2] === 'cancel') {
        response.writeHead(303, { location: session.cancel_url }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><title>Pay ${session.amount_total / 100} ${session.currency.toUpperCase()}</title>` +
          `<main><h1>Test payment page</h1><p>Amount: ${session.amount_total / 100} ${session.currency.toUpperCase()}</p>` +
          `<form method="post" action="/pay/${session.id}/complete"><button>Pay</button></form>` +
          `<form method="post" action="/pay/${session.id}/cancel"><button>Decline</button></form></main></html>`,
      );
      return;
    }
    if (!url.pathname.startsWith('/v1/'))
      return send(response, 404, { error: { message: 'Not found' } });
    if (server.down)
      return send(response, 503, { error: { type: 'api_error', message: 'Service unavailable' } });
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return send(response, 401, {
        error: { type: 'authentication_error', message: 'Invalid API Key provided.' },
      });
    // The answer to a call carried out (or replayed): sent, or lost while losingAnswers.
    const reply = (status: number, answer: unknown) => {
      if (server.losingAnswers) request.socket.destroy();
      else send(response, status, answer);
    };
    const params = qs.parse(method === 'GET' ? url.search.slice(1) : body, { depth: 10 });
    const key = request.headers['idempotency-key'];
    const idempotencyKey = method === 'POST' && typeof key === 'string' ? key : undefined;
    if (idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.body !== body)
        return send(response, 400, {
          error: {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters.',
          },
        });
      if (earlier) {
        response.setHeader('idempotent-replayed', 'true');
        return reply(earlier.status, earlier.answer);
      }
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = await api(method, url.pathname, params as Record<string, unknown>);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      answer = {
        error: { type: error.type, message: error.message, param: error.param, code: error.code },
      };
    }
    if (idempotencyKey) idempotent.set(idempotencyKey, { body, status, answer });
    reply(status, answer);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(wanted, '127.0.0.1', resolve);
  });
  const { port } = http.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  const server: StripeTestServer = {
    url: base,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    webhookSecret,
    sessions,
    lineItems,
    paymentIntents,
    refunds,
    events,
    deliveries,
    webhookUrl: undefined,
    down: false,
    losingAnswers: false,
    pay,
    expire,
    settle,
    signHeader,
    deliver,
    eventFor,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return server;
};
