// The fee end to end on a real PostgreSQL server (issue 27): travellers, 20 at a time, submit
// through the real HTTP API, open the payment (POST /api/payment) and press Pay on the development
// provider's page (/dev/pay/<id>, the same confirmation path as the Stripe webhook); the
// background screening then screens each paid application. Prints the payments confirmed per
// second, and the p50/p99 from the confirmation (Pay answered) to the application being
// `submitted` and to its being screened (approved or referred), as a poller sees the database.
// The server runs in this process (the test harness: a new database on TEST_DATABASE_URL).
// `node --import tsx bench/payments.ts` (BENCH_TRAVELLERS, default 100).
import { withBearer } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { RATE_LIMITS } from '../apps/server/src/app.ts';
import { loadScreeningLists, screeningListPaths } from '../apps/server/src/screening/lists.ts';
import { type Applicant, applicant } from '../apps/server/test/application.ts';
import { startTestServer, testClock, XSRF } from '../apps/server/test/harness.ts';

const TRAVELLERS = Number(process.env.BENCH_TRAVELLERS ?? 100);
const CONCURRENCY = 20;
const PUBLIC_URL = 'https://eta-il.example.test';
const UNLIMITED = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, 1_000_000_000]));
/** A draft that screening approves (no earlier visa request to refer). */
const CLEAN = { anotherVisaRequestYN: 0, anotherVisaRequestDesc: '' } as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Runs `work` on every item, `limit` at a time. */
const pool = async <T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) => {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
};

const clock = testClock(new Date());
const { lists } = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
const server = await startTestServer({
  kind: 'postgres',
  clock,
  services: { logger: false, rateLimits: UNLIMITED },
  screening: { lists, decisions: { clock, timeZone: 'Asia/Jerusalem', publicUrl: PUBLIC_URL } },
});
try {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

  // Setting up: each traveller's verified address and photo (not measured), a few at a time,
  // tried again when the code's send is refused on the busy machine.
  const verified = async (email: string): Promise<Applicant> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await applicant(server, email);
      } catch (error) {
        if (attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
  };
  const people: Applicant[] = await pool(
    Array.from({ length: TRAVELLERS }, (_, i) => `payer-${i}@bench.test`),
    Number(process.env.BENCH_SETUP_CONCURRENCY ?? 2),
    verified,
  );
  console.log(`${TRAVELLERS} travellers verified; paying, ${CONCURRENCY} at a time`);

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body, redirect: 'manual' });

  const confirmedAt = new Map<string, number>();
  const submittedAt = new Map<string, number>();
  const screenedAt = new Map<string, number>();
  // One poller reads the states of every paid application every 5 ms.
  let polling = true;
  const poller = (async () => {
    while (polling || screenedAt.size < confirmedAt.size) {
      const waiting = [...confirmedAt.keys()].filter((n) => !screenedAt.has(n));
      if (waiting.length > 0) {
        const rows = await server.database.db
          .selectFrom('application')
          .select(['req_num', 'state'])
          .where('req_num', 'in', waiting)
          .execute();
        const now = performance.now();
        for (const { req_num, state } of rows) {
          if (state !== 'awaiting_payment' && !submittedAt.has(req_num)) {
            submittedAt.set(req_num, now);
          }
          if (['approved', 'in_review', 'refused'].includes(state)) screenedAt.set(req_num, now);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();

  const started = performance.now();
  await pool(people, CONCURRENCY, async (person) => {
    const draft = withBearer(person.draft(), CLEAN);
    const submitted = await post('/api/senddatamarom', JSON.stringify(draft), {
      ...browser,
      'content-type': 'application/json',
      'auth-token': person.token,
    });
    if (submitted.status !== 200) throw new Error(`submission: ${submitted.status}`);
    const reqNum = ((await submitted.json()) as { ReqNum: string }).ReqNum;
    const bearer = draft.bearerList[0];
    const opened = await post(
      '/api/payment',
      JSON.stringify({
        applicationNumber: reqNum,
        passportNumber: bearer?.passportNum,
        birthDate: bearer?.birthDate,
      }),
      { ...browser, 'content-type': 'application/json' },
    );
    if (opened.status !== 200) throw new Error(`payment: ${opened.status} ${await opened.text()}`);
    const { url } = ((await opened.json()) as { body: { url: string } }).body;
    const paid = await post(
      new URL(url).pathname,
      new URLSearchParams({ action: 'pay', xsrf: XSRF }).toString(),
      { ...browser, 'x-xsrf-token': '', 'content-type': 'application/x-www-form-urlencoded' },
    );
    if (paid.status !== 303) throw new Error(`pay: ${paid.status}`);
    confirmedAt.set(reqNum, performance.now());
  });
  const payingMs = performance.now() - started;
  polling = false;
  await poller;

  const toSubmitted = [...confirmedAt].map(([n, t]) => Math.max(0, (submittedAt.get(n) ?? t) - t));
  const toScreened = [...confirmedAt].map(([n, t]) => (screenedAt.get(n) ?? t) - t);
  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(
    `submit → pay, ${CONCURRENCY} travellers at once (PostgreSQL): ${TRAVELLERS} payments confirmed in ${(payingMs / 1000).toFixed(1)} s = ${(TRAVELLERS / (payingMs / 1000)).toFixed(1)} payments/s`,
  );
  console.log(
    `confirmation → submitted: p50 ${ms(percentile(toSubmitted, 50))}, p99 ${ms(percentile(toSubmitted, 99))} (5 ms polling)`,
  );
  console.log(
    `confirmation → screened: p50 ${ms(percentile(toScreened, 50))}, p99 ${ms(percentile(toScreened, 99))}`,
  );
} finally {
  await server.close();
}
