// What the Stripe suites share: the public app listening on a real port with PAYMENT_PROVIDER=stripe
// and STRIPE_API_URL at the Stripe-compatible test server (whose webhooks it receives), the office
// app on the same database with the same provider, and a traveller paying on the hosted page.
import type { AddressInfo } from 'node:net';
import { PILOT_END_DATE } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { STRIPE_WEBHOOK_PATH } from '../../src/api/payment/stripe-webhook.ts';
import type { Config } from '../../src/config.ts';
import { buildOfficeApp } from '../../src/office/app.ts';
import { createStripeProvider } from '../../src/payments/stripe-provider.ts';
import { loadScreeningLists, screeningListPaths } from '../../src/screening/lists.ts';
import { HIGH_LIMITS, PUBLIC_URL, type Submitted } from '../decisions/support.ts';
import {
  type DatabaseKind,
  eventually,
  startSmtpListener,
  startTestServer,
  testClock,
  testConfig,
} from '../harness.ts';
import { OFFICE_URL, type OfficeTestServer } from '../office/support.ts';
import { type StripeTestServer, startStripeTestServer } from './stripe-test-server.ts';

export interface StripeSuite extends OfficeTestServer {
  stripe: StripeTestServer;
  /** The public app's own address (where Stripe's webhooks arrive). */
  publicBase: string;
}

/** The configuration PAYMENT_PROVIDER=stripe and STRIPE_API_URL=<test server> give. */
export const stripeConfig = (stripe: StripeTestServer, smtpUrl: string): Config =>
  testConfig({
    smtpUrl,
    backofficeUrl: OFFICE_URL,
    publicUrl: PUBLIC_URL,
    payments: {
      feeWaivedUntil: PILOT_END_DATE,
      provider: 'stripe',
      stripe: {
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        api: stripe.sdkOptions,
      },
    },
  });

export const startStripeSuite = async (
  kind: DatabaseKind,
  {
    webhookPerMinute,
    retryRefunds,
  }: {
    webhookPerMinute?: number /** Runs the refund-retries job, as the service does. */;
    retryRefunds?: boolean;
  } = {},
): Promise<StripeSuite> => {
  const stripe = await startStripeTestServer();
  const smtp = await startSmtpListener();
  const config = stripeConfig(stripe, smtp.url);
  const clock = testClock();
  const { lists } = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
  const decisions = { clock, timeZone: config.timeZone, publicUrl: PUBLIC_URL };
  const server = await startTestServer({
    kind,
    smtp,
    clock,
    // Paid applications are screened in the background, as the service does.
    screening: { lists, decisions },
    ...(retryRefunds && config.payments.stripe
      ? { refunds: { provider: createStripeProvider(config.payments.stripe), decisions } }
      : {}),
    services: {
      config,
      rateLimits: {
        ...HIGH_LIMITS,
        ...(webhookPerMinute ? { stripeWebhook: webhookPerMinute } : {}),
      },
    },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const publicBase = `http://127.0.0.1:${port}`;
  stripe.webhookUrl = `${publicBase}${STRIPE_WEBHOOK_PATH}`;
  const office = await buildOfficeApp({
    config,
    db: server.database.db,
    clock: server.clock,
    publicUrl: PUBLIC_URL,
    logger: false,
    rateLimits: { global: 1_000_000, signIn: 1_000_000 },
  });
  return {
    ...server,
    office,
    stripe,
    publicBase,
    close: async () => {
      await office.close();
      await server.close();
      await smtp.close();
      await stripe.close();
    },
  };
};

/** What the traveller types on /status and POST /api/payment takes. */
export const proofOf = (app: Submitted) => ({
  applicationNumber: app.reqNum,
  passportNumber: app.passportNumber,
  birthDate: app.birthDate,
});

/** POST /api/payment as the web app sends it (with its XSRF token). */
export const startPayment = (suite: StripeSuite, app: Submitted) =>
  suite.request({ method: 'POST', url: '/api/payment', payload: proofOf(app) });

/** The hosted page's URL for the application's fee. */
export const payLink = async (suite: StripeSuite, app: Submitted): Promise<string> => {
  const answer = await startPayment(suite, app);
  if (answer.statusCode !== 200) throw new Error(`POST /api/payment: ${answer.body}`);
  return (answer.json().body as { url: string }).url;
};

/** The Stripe session the application's open payment points at. */
export const sessionOf = async (suite: StripeSuite, url: string) => {
  const id = new URL(url).pathname.split('/').at(-1) as string;
  const session = suite.stripe.sessions.get(id);
  if (!session) throw new Error(`no session at ${url}`);
  return session;
};

/** Pays on the hosted page as a person would: the page, then its Pay button (a form POST). */
export const payOnHostedPage = async (url: string) => {
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}`);
  const paid = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}`);
  return paid.headers.get('location') as string;
};

export const stateOf = async (suite: StripeSuite, id: string) =>
  (
    await suite.database.db
      .selectFrom('application')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).state;

/** Waits until screening has decided or referred the application (it left the queue's way). */
export const screened = (suite: StripeSuite, id: string) =>
  eventually(async () => {
    const state = await stateOf(suite, id);
    return state === 'approved' || state === 'in_review' ? state : undefined;
  }, 30_000);

/** Everything the fee's tables hold, to show that a refused event changed nothing. */
export const feeTables = async (suite: StripeSuite) => {
  const db = suite.database.db;
  const [payments, events, refunds, applications] = await Promise.all([
    db.selectFrom('payment').selectAll().orderBy('id').execute(),
    db.selectFrom('payment_event').selectAll().orderBy('id').execute(),
    db.selectFrom('refund').selectAll().orderBy('id').execute(),
    db.selectFrom('application').select(['id', 'state']).orderBy('id').execute(),
  ]);
  return { payments, events, refunds, applications };
};
