// The fee under other configurations, each an app on the same database: before FEE_WAIVED_UNTIL
// no payment is asked (the pilot's behaviour); a provider that does not answer leaves the
// application waiting (503, nothing lost); production serves no /dev/pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createStripeProvider } from '../../src/payments/stripe-provider.ts';
import { startPayment } from '../application.ts';
import { identity, mailTo, SETUP_MS, submitted } from '../decisions/support.ts';
import { DATABASES, startTestServer, type TestServer, testConfig } from '../harness.ts';
import { type StripeTestServer, startStripeTestServer } from './stripe-test-server.ts';
import { paymentsOf, sameDatabaseServer, stateOf } from './support.ts';

describe.each(DATABASES)('the fee under other configurations on %s', (kind) => {
  let server: TestServer;
  let stripe: StripeTestServer;
  const apps: { close: () => Promise<unknown> }[] = [];
  beforeAll(async () => {
    server = await startTestServer({ kind });
    stripe = await startStripeTestServer();
  }, SETUP_MS);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await stripe?.close();
    await server?.close();
  });

  const appWith = async (overrides: Parameters<typeof testConfig>[0], services = {}) => {
    const app = await buildApp({
      config: testConfig({ smtpUrl: server.smtp.url, ...overrides }),
      db: server.database.db,
      clock: server.clock,
      logger: false,
      rateLimits: { global: 1_000_000, code: 1_000_000, submission: 1_000_000, photo: 1_000_000 },
      ...services,
    });
    apps.push(app);
    return sameDatabaseServer(server, app);
  };

  it('before FEE_WAIVED_UNTIL an application goes straight to submitted, with nothing to pay', async () => {
    const waived = await appWith({ payments: { feeWaivedUntil: '2027-01-01', provider: 'dev' } });
    const app = await submitted(waived, 'waived@example.com', { pay: false });
    const row = await server.database.db
      .selectFrom('application')
      .select(['state', 'fee_reference'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'submitted', fee_reference: null });
    const ack = await mailTo(server, app.email, /received/i);
    expect(ack.text).toContain('Status: Checking application.');
    expect(ack.text).not.toContain('NIS');
    const pay = await startPayment(waived, identity(app));
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ code: 'notAwaitingPayment' });
    expect(await paymentsOf(server, app.reqNum)).toEqual([]);
    const status = await waived.request({
      method: 'POST',
      url: '/api/status',
      payload: identity(app),
    });
    expect(status.json().status).toBe('submitted');
    expect(status.json().payment).toBeUndefined();
    const config = await waived.request({ method: 'GET', url: '/api/config' });
    expect(config.json().body.parameters).toMatchObject({
      feeWaivedUntil: '2027-01-01',
      pilotEnds: '2027-01-01',
      feeCharged: false,
    });
  });

  it('a provider that does not answer: 503 with a message, the application still waits, and pays later', async () => {
    const provider = createStripeProvider({
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      api: stripe.sdkOptions,
      maxNetworkRetries: 0,
    });
    const viaStripe = await appWith(
      {
        payments: {
          feeWaivedUntil: '2025-01-01',
          provider: 'stripe',
          stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
        },
      },
      { paymentProvider: provider },
    );
    const app = await submitted(viaStripe, 'outage@example.com', { pay: false });
    stripe.down = true;
    const refused = await startPayment(viaStripe, identity(app));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ statusCode: 503, code: 'paymentUnavailable' });
    expect(refused.json().message).toMatch(/Nothing is lost/);
    expect(await stateOf(server, app.reqNum)).toBe('awaiting_payment');
    stripe.down = false;
    const started = await startPayment(viaStripe, identity(app));
    expect(started.statusCode).toBe(200);
    expect(started.json().body).toMatchObject({ amount: 25, currency: 'ILS' });
    expect(started.json().body.url).toContain(stripe.url);
    // One payment row and one session: the retry reused the row, its id the idempotency key.
    const payments = await paymentsOf(server, app.reqNum);
    expect(payments).toHaveLength(1);
    expect(stripe.sessions.get(payments[0]?.provider_session_id ?? '')).toMatchObject({
      amount_total: 2500,
      client_reference_id: app.reqNum,
    });
    // /dev/pay is the dev provider's alone: not served with Stripe.
    const devPage = await viaStripe.request({ method: 'GET', url: '/dev/pay/cs_dev_x' });
    expect(devPage.statusCode).toBe(404);
  });

  it('production serves no /dev/pay', async () => {
    const production = await appWith({
      production: true,
      payments: {
        feeWaivedUntil: '2025-01-01',
        provider: 'stripe',
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
      },
    });
    for (const [method, url] of [
      ['GET', '/dev/pay/cs_dev_x'],
      ['POST', '/dev/pay/cs_dev_x'],
    ] as const) {
      const answer = await production.request({ method, url });
      expect(answer.statusCode).toBe(404);
    }
  });
});
