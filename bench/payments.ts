// The fee end to end on a real PostgreSQL server (issue 27): travellers, 20 at a time, submit through
// the real HTTP API (POST /api/senddatamarom), open the payment (POST /api/payment, which opens a
// Checkout Session through the official `stripe` SDK), and pay on the hosted page of the
// Stripe-compatible test server (apps/server/test/payments/stripe-test-server.ts), which delivers
// `checkout.session.completed` signed to POST /api/payments/stripe/webhook: the signed-webhook path
// is what is measured. The background screening then screens each paid application.
//
// Printed: payments confirmed per second (the whole journey, 20 travellers at once); the p50/p99
// from the webhook received (the request's headers read by our HTTP server) to the application
// committed in `submitted` (the webhook answered 200: the answer follows the commit); and the
// p50/p99 from the submission sent to the application screened (its screening transition's time,
// stamped by the server's real clock). Exits 1 when a measurement fails: a step answered wrongly, a
// webhook was not applied, or an application was not screened in time.
//
// The server runs in this process (the test harness: a new database on TEST_DATABASE_URL, created
// and dropped by the run; a real SMTP listener; the job queue), as does the Stripe test server.
// Each traveller's session is issued as a confirmed code gives it and its photo uploaded before the
// clock starts (set-up, not measured); the first 20 journeys warm the process up and are not counted.
// `node --import tsx bench/payments.ts` (BENCH_TRAVELLERS, default 100; BENCH_TIMEOUT_SECONDS, 600).
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type ApplicationDraft, withBearer } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { STRIPE_WEBHOOK_PATH } from '../apps/server/src/api/payment/stripe-webhook.ts';
import { RATE_LIMITS } from '../apps/server/src/app.ts';
import { loadScreeningLists, screeningListPaths } from '../apps/server/src/screening/lists.ts';
import { draftFor, jpegImage, newSession, uploadPhoto } from '../apps/server/test/application.ts';
import {
  startSmtpListener,
  startTestServer,
  type TestClock,
  XSRF,
} from '../apps/server/test/harness.ts';
import { payOnHostedPage, stripeConfig } from '../apps/server/test/payments/stripe-support.ts';
import { startStripeTestServer } from '../apps/server/test/payments/stripe-test-server.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const TRAVELLERS = Number(process.env.BENCH_TRAVELLERS ?? 100);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 600) * 1000;
const CONCURRENCY = 20;
const WARM_UP = CONCURRENCY;
const UNLIMITED = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, 1_000_000_000]));
/** A draft that screening approves (no earlier visa request to refer). */
const CLEAN = { anotherVisaRequestYN: 0, anotherVisaRequestDesc: '' } as const;
const SCREENED = ['approved', 'in_review'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Runs `work` on every item, `limit` at a time; a failure stops nothing else and is answered. */
const pool = async <T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) => {
  const results: (R | Error)[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        );
      }
    }),
  );
  return results;
};

const deadline = <T>(work: Promise<T>, ms: number, what: string) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not done in ${ms / 1000} s`)), ms).unref(),
    ),
  ]);

interface Traveller {
  token: string;
  draft: ApplicationDraft;
}
interface Journey {
  reqNum: string;
  /** Date.now() when the submission was sent (the screening's time is the server's Date). */
  sentAt: number;
  submitMs: number;
  openMs: number;
  payMs: number;
}

/** The server's clock is the real one: the screening's transitions are stamped in real time. */
const realClock: TestClock = Object.assign(() => new Date(), {
  advance: () => {
    throw new Error('the bench runs on the real clock');
  },
  set: () => {
    throw new Error('the bench runs on the real clock');
  },
});

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
const loadAtStart = load();

const stripe = await startStripeTestServer();
const smtp = await startSmtpListener();
const config = stripeConfig(stripe, smtp.url);
const { lists } = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
const server = await startTestServer({
  kind: 'postgres',
  smtp,
  clock: realClock,
  services: { config, logger: false, rateLimits: UNLIMITED },
  screening: {
    lists,
    decisions: { clock: realClock, timeZone: config.timeZone, publicUrl: config.publicUrl },
  },
});
// Interrupted (Ctrl-C, a time limit's SIGTERM): the bench's database is dropped all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: closing the server and dropping the bench's database`);
    server.close().finally(() => process.exit(1));
  });
}
const failures: string[] = [];
try {
  console.log(
    `database ${new URL(server.database.url ?? '').pathname.slice(1)} (dropped at the end)`,
  );
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  stripe.webhookUrl = `${base}${STRIPE_WEBHOOK_PATH}`;

  // Every webhook our HTTP server reads: from its headers read to its answer sent.
  const webhookStarted = new WeakMap<IncomingMessage, number>();
  const webhooks: { ms: number; status: number; at: number }[] = [];
  const ours = (message: unknown) => {
    const { request, server: from } = message as { request: IncomingMessage; server: Server };
    return from === server.app.server && request.url === STRIPE_WEBHOOK_PATH ? request : undefined;
  };
  subscribe('http.server.request.start', (message) => {
    const request = ours(message);
    if (request) webhookStarted.set(request, performance.now());
  });
  subscribe('http.server.response.finish', (message) => {
    const request = ours(message);
    const started = request && webhookStarted.get(request);
    if (started === undefined) return;
    const { statusCode } = (message as { response: { statusCode: number } }).response;
    const at = performance.now();
    webhooks.push({ ms: at - started, status: statusCode, at });
  });

  // Set-up (not measured): each traveller's session, as confirming a code gives it, and photo.
  const photo = await jpegImage();
  const travellers = await pool(
    Array.from({ length: WARM_UP + TRAVELLERS }, (_, i) => `payer-${i}@bench.test`),
    2,
    async (email): Promise<Traveller> => {
      const token = await newSession(server, email);
      const uploaded = await uploadPhoto(server, token, photo);
      if (uploaded.statusCode !== 200) throw new Error(`photo upload: ${uploaded.statusCode}`);
      const { photoId } = uploaded.json() as { photoId: string };
      return { token, draft: withBearer(draftFor(email, photoId), CLEAN) };
    },
  );
  const ready = travellers.filter((t): t is Traveller => !(t instanceof Error));
  const unready = travellers.find((t) => t instanceof Error);
  if (unready) {
    throw new Error(
      `set-up: ${travellers.length - ready.length} travellers not ready (${unready.message})`,
    );
  }

  const browser = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...browser, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });

  /** One traveller's journey: submit, open the payment, pay on the hosted page (webhook answered). */
  const journey = async ({ token, draft }: Traveller): Promise<Journey> => {
    const sentAt = Date.now();
    const t0 = performance.now();
    const submitted = await postJson('/api/senddatamarom', draft, { 'auth-token': token });
    if (submitted.status !== 200) {
      throw new Error(`submission: ${submitted.status} ${await submitted.text()}`);
    }
    const reqNum = ((await submitted.json()) as { ReqNum: string }).ReqNum;
    const t1 = performance.now();
    const bearer = draft.bearerList[0];
    const opened = await postJson('/api/payment', {
      applicationNumber: reqNum,
      passportNumber: bearer?.passportNum,
      birthDate: bearer?.birthDate,
    });
    if (opened.status !== 200) throw new Error(`payment: ${opened.status} ${await opened.text()}`);
    const { url } = ((await opened.json()) as { body: { url: string } }).body;
    const t2 = performance.now();
    // The hosted page answers Pay once Stripe's webhook to us has been answered.
    await payOnHostedPage(url);
    const t3 = performance.now();
    return { reqNum, sentAt, submitMs: t1 - t0, openMs: t2 - t1, payMs: t3 - t2 };
  };

  const db = server.database.db;
  /** Waits until every one of `numbers` is screened; answers how many are not after `ms`. */
  const screenedAll = async (numbers: string[], ms: number) => {
    const end = Date.now() + ms;
    for (;;) {
      const rows = await db
        .selectFrom('application')
        .select('state')
        .where('req_num', 'in', numbers)
        .execute();
      const left = numbers.length - rows.filter((r) => SCREENED.includes(r.state)).length;
      if (left === 0 || Date.now() > end) return left;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const succeeded = (results: (Journey | Error)[], what: string) => {
    const done: Journey[] = [];
    for (const result of results) {
      if (result instanceof Error) failures.push(`${what}: ${result.message}`);
      else done.push(result);
    }
    return done;
  };

  // Warm-up: the first 20 journeys (JIT, connection pools), screened before the clock starts.
  const warm = succeeded(
    await deadline(pool(ready.slice(0, WARM_UP), CONCURRENCY, journey), TIMEOUT_MS, 'warm-up'),
    'warm-up',
  );
  if (
    (await screenedAll(
      warm.map((j) => j.reqNum),
      60_000,
    )) > 0
  ) {
    failures.push('warm-up: applications not screened in 60 s');
  }
  webhooks.length = 0;

  console.log(
    `${TRAVELLERS} travellers ready (sessions, photos); paying, ${CONCURRENCY} at a time, with Stripe's signed webhooks`,
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const measured = succeeded(
    await deadline(
      pool(ready.slice(WARM_UP), CONCURRENCY, journey),
      TIMEOUT_MS,
      'measured journeys',
    ),
    'journey',
  );
  loop.disable();
  if (measured.length === 0) throw new Error('no journey completed');
  const lastWebhook = Math.max(...webhooks.map((w) => w.at));
  const payingMs = lastWebhook - started;
  const numbers = measured.map((j) => j.reqNum);
  const unscreened = numbers.length > 0 ? await screenedAll(numbers, 120_000) : 0;
  if (unscreened > 0) failures.push(`${unscreened} paid applications not screened in 120 s`);
  const loadAtEnd = load();

  // What the database says: each application's move to `submitted` and its screening, and each
  // webhook's outcome (applied once, nothing refunded).
  const transitions = numbers.length
    ? await db
        .selectFrom('application_transition as t')
        .innerJoin('application as a', 'a.id', 't.application_id')
        .select(['a.req_num', 't.from_state', 't.to_state', 't.at'])
        .where('a.req_num', 'in', numbers)
        .execute()
    : [];
  const screenedAt = new Map(
    transitions.filter((t) => SCREENED.includes(t.to_state)).map((t) => [t.req_num, t.at]),
  );
  const paidAt = new Map(
    transitions
      .filter((t) => t.from_state === 'awaiting_payment' && t.to_state === 'submitted')
      .map((t) => [t.req_num, t.at]),
  );
  if (paidAt.size !== numbers.length) {
    failures.push(`${numbers.length - paidAt.size} applications never moved to submitted`);
  }
  const applied = await db
    .selectFrom('payment_event')
    .select(['outcome', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('outcome')
    .execute();
  const appliedCount = Number(applied.find((r) => r.outcome === 'applied')?.n ?? 0);
  if (appliedCount !== warm.length + measured.length) {
    failures.push(
      `payment events: ${applied.map((r) => `${r.outcome} ${r.n}`).join(', ')} (expected ${warm.length + measured.length} applied)`,
    );
  }
  const refused = webhooks.filter((w) => w.status !== 200);
  if (refused.length > 0) failures.push(`${refused.length} webhooks answered other than 200`);
  if (webhooks.length !== measured.length) {
    failures.push(`${webhooks.length} webhooks seen for ${measured.length} payments`);
  }

  const toScreened = measured.flatMap((j) => {
    const at = screenedAt.get(j.reqNum);
    return at ? [at.getTime() - j.sentAt] : [];
  });
  // Where that time goes after the payment: the screening queue and the screening itself.
  const paidToScreened = measured.flatMap((j) => {
    const [paid, screened] = [paidAt.get(j.reqNum), screenedAt.get(j.reqNum)];
    return paid && screened ? [screened.getTime() - paid.getTime()] : [];
  });
  const screenedTimes = [...screenedAt.values()].map((d) => d.getTime());
  const screeningSeconds = (Math.max(...screenedTimes) - Math.min(...screenedTimes)) / 1000;
  const row = (what: string, values: number[]) => {
    const ms = (p: number) => String(Math.round(percentile(values, p))).padStart(6);
    const max = String(Math.round(Math.max(...values))).padStart(6);
    console.log(
      `| ${what.padEnd(56)} | ${String(values.length).padStart(5)} | ${ms(50)} | ${ms(99)} | ${max} |`,
    );
  };
  console.log(
    `\npayments confirmed per second, ${CONCURRENCY} travellers at once (PostgreSQL, Stripe webhooks): ${(measured.length / (payingMs / 1000)).toFixed(1)} (${measured.length} in ${(payingMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `screened per second (first to last screening of the run): ${((screenedTimes.length - 1) / screeningSeconds).toFixed(1)}`,
  );
  console.log(`load average at start ${loadAtStart}; at end ${loadAtEnd}`);
  console.log(
    `this process's event loop while paying: delay p50 ${Math.round(loop.percentile(50) / 1e6)} ms, p99 ${Math.round(loop.percentile(99) / 1e6)} ms, max ${Math.round(loop.max / 1e6)} ms\n`,
  );
  console.log(`| ${'what (ms)'.padEnd(56)} |     n |    p50 |    p99 |    max |`);
  console.log(`| ${'-'.repeat(56)} | ----: | -----: | -----: | -----: |`);
  row(
    'webhook received → application submitted (200 sent)',
    webhooks.map((w) => w.ms),
  );
  row('submission sent → application screened', toScreened);
  row('application submitted → screened (queue and screening)', paidToScreened);
  row(
    'POST /api/senddatamarom',
    measured.map((j) => j.submitMs),
  );
  row(
    'POST /api/payment (opens the Checkout Session)',
    measured.map((j) => j.openMs),
  );
  row(
    'hosted page and Pay (the webhook delivered and answered)',
    measured.map((j) => j.payMs),
  );
  if (toScreened.length !== measured.length) {
    failures.push(`${measured.length - toScreened.length} applications have no screening time`);
  }
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  await server.close();
  await smtp.close();
  await stripe.close();
}
if (failures.length > 0) {
  const shown = [...new Set(failures)];
  console.error(
    `\nMeasurement failed (${failures.length}):\n${shown.slice(0, 10).join('\n')}${shown.length > 10 ? `\n… and ${shown.length - 10} more` : ''}`,
  );
  process.exit(1);
}
process.exit(0);
