// Submissions, photo uploads and code delivery under load, on a real PostgreSQL server (issue 9).
// The server runs in this process (the test harness: a new database on TEST_DATABASE_URL, a real
// SMTP listener, the job queue); the load comes from autocannon in a second process on loopback,
// bounded in time. The per-IP limits are lifted: one client on loopback stands for many.
// Run: node --import tsx bench/submissions.ts   (BENCH_SECONDS, default 10)
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { configurePhotoChecks, warmPhotoChecks } from '../apps/server/src/api/photo/check-pool.ts';
import { createTokenService } from '../apps/server/src/auth/tokens.ts';
import { applicant, jpegImage, multipart } from '../apps/server/test/application.ts';
import { codeFromMail, startTestServer, testConfig, XSRF } from '../apps/server/test/harness.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const UNLIMITED = 1_000_000_000;

interface Load {
  connections: number;
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  bodyFile: string;
  seconds?: number;
  /** One token per request (a session submits once): written before each run, never reused. */
  tokensFor?: string;
}
interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  /** Answers by HTTP status, as autocannon counts them. */
  statusCodeStats?: Record<string, { count: number }>;
}

/** The statuses other than 2xx, and how many of each: `404×12 429×3`. */
const failures = (r: Result) =>
  Object.entries(r.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');

/** Tokens of new sessions for `email`, one per request of a run (set once the server runs). */
let newSessions: (email: string) => Promise<string[]> = async () => [];

/** autocannon in a second process (bench/load-worker.mjs), off this process's event loop. */
const autocannon = async (url: string, load: Load): Promise<Result> => {
  const folder = mkdtempSync(join(tmpdir(), 'eta-load-'));
  const file = join(folder, 'load.json');
  let tokensFile: string | undefined;
  if (load.tokensFor) {
    tokensFile = join(folder, 'tokens.json');
    writeFileSync(tokensFile, JSON.stringify(await newSessions(load.tokensFor)));
  }
  writeFileSync(
    file,
    JSON.stringify({
      ...load,
      url: `${url}${load.path}`,
      seconds: load.seconds ?? SECONDS,
      tokensFile,
    }),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/load-worker.mjs', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out) as Result);
      } catch (error) {
        reject(error);
      }
    });
  });
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Issue 32's aims on one instance (a quiet 2-core machine), each with why it is missed when it is. */
const AIMS = {
  submission: {
    perSecond: 500,
    p99Ms: 100,
    why: "the CPU of one process: the canonical record built from the posted draft (its rules, phone numbers), kysely and pg for four round trips (the photo look-up, BEGIN, the one statement storing it, COMMIT), the token's checks and the garbage collector; PostgreSQL and the load generator share the machine's two cores",
  },
  /** With BENCH_ROWS stored, within this factor of the aim's rate. */
  storedFactor: 1.2,
  photo: {
    perSecond: 60,
    p99Ms: 500,
    why: "about 46 ms of the machine's CPU a photo (two cores ÷ 43 a second): the face detector 16 ms (WebAssembly, at 224 px), the quality measures 8 ms, sharp's two decodes and the stored JPEG 10 ms CPU (decoding once through a raw buffer took 12), and the HTTP server, multipart parsing, PostgreSQL and the load generator the rest, all on the same two cores",
  },
};
let missed = 0;
/** Prints whether `r` meets a rate and p99 aim, or by how much it misses and why. */
const aim = (title: string, r: Result, perSecond: number, p99Ms: number, why: string) => {
  const rate = Math.round(r.requests.average);
  const met = rate >= perSecond && r.latency.p99 <= p99Ms;
  if (!met) missed += 1;
  console.log(
    met
      ? `${title}: ${rate}/s, p99 ${r.latency.p99} ms (aim ≥ ${perSecond}/s, p99 ≤ ${p99Ms} ms) aim met`
      : `${title}: ${rate}/s, p99 ${r.latency.p99} ms (aim ≥ ${perSecond}/s, p99 ≤ ${p99Ms} ms) BELOW AIM by ${Math.max(0, perSecond - rate)}/s and ${Math.max(0, r.latency.p99 - p99Ms)} ms: ${why}`,
  );
};

const line = (title: string, r: Result) =>
  console.log(
    `${title}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx + r.errors} errors/non-2xx${r.non2xx > 0 ? ` (${failures(r)})` : ''}`,
  );

const server = await startTestServer({
  kind: 'postgres',
  services: {
    logger: false,
    rateLimits: {
      global: UNLIMITED,
      code: UNLIMITED,
      submission: UNLIMITED,
      photo: UNLIMITED,
      status: UNLIMITED,
      statusPerApplication: UNLIMITED,
      statusPerApplicationAllSources: UNLIMITED,
    },
  },
});
try {
  // As the server does when it starts: the photo checks' threads loaded before the first photo.
  configurePhotoChecks(availableParallelism());
  await warmPhotoChecks();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const person = await applicant(server, 'bench@example.com');
  // Each submission ends its session (issue 26): a run sends each request with a new session's
  // token, as many confirmed codes would give (enough for 2,000 submissions a second).
  const tokens = createTokenService(testConfig().authSecret, server.clock);
  newSessions = (email) =>
    Promise.all(Array.from({ length: SECONDS * 2000 }, () => tokens.issue(email)));
  const folder = mkdtempSync(join(tmpdir(), 'eta-bench-'));
  const common = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'auth-token': person.token };

  // Photo uploads first, alone: after the submission windows, their acknowledgements (thousands)
  // are still being sent to the SMTP listener in this process for minutes, and that work, not an
  // instance's, would take the photo checks' cores.
  const photo = multipart([
    {
      name: 'photo',
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      content: await jpegImage(600, 800),
    },
  ]);
  const photoFile = join(folder, 'photo.multipart');
  writeFileSync(photoFile, photo.payload);
  const photos = await autocannon(url, {
    connections: 20,
    method: 'POST',
    path: '/api/photo',
    headers: { ...common, ...photo.headers },
    bodyFile: photoFile,
  });
  line('POST /api/photo (600×800 JPEG), 20 clients', photos);
  aim(
    'photo uploads at 20 clients',
    photos,
    AIMS.photo.perSecond,
    AIMS.photo.p99Ms,
    AIMS.photo.why,
  );

  const draftFile = join(folder, 'draft.json');
  writeFileSync(draftFile, JSON.stringify(person.draft()));
  const submission: Load = {
    connections: 20,
    method: 'POST',
    path: '/api/senddatamarom',
    headers: { ...common, 'content-type': 'application/json' },
    bodyFile: draftFile,
    tokensFor: person.email,
  };
  // Unmeasured: the first seconds of a process run cold (JIT, the pool's connections).
  await autocannon(url, { ...submission, connections: 20, seconds: 3 });
  let submissions20: Result | undefined;
  for (const connections of [20, 100]) {
    const result = await autocannon(url, { ...submission, connections });
    line(`POST /api/senddatamarom, photo uploaded, ${connections} clients (PostgreSQL)`, result);
    submissions20 ??= result;
  }
  if (submissions20) {
    const { perSecond, p99Ms, why } = AIMS.submission;
    aim('submissions at 20 clients', submissions20, perSecond, p99Ms, why);
  }

  // Codes requested one after another while submissions run at full speed: time to arrival.
  const load = autocannon(url, { ...submission, connections: 100, seconds: SECONDS });
  const arrivals: number[] = [];
  const end = Date.now() + (SECONDS - 1) * 1000;
  for (let i = 0; Date.now() < end; i++) {
    const email = `code-${i}@example.com`;
    const asked = Date.now();
    await server.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      payload: { email, render: 'signUpUser' },
    });
    await codeFromMail(server.smtp, email);
    arrivals.push(Date.now() - asked);
  }
  const background = await load;
  console.log(
    `code request → arrival at the SMTP listener while submissions run (${Math.round(background.requests.average)} submissions/s): ${arrivals.length} codes, p50 ${percentile(arrivals, 50)} ms, p99 ${percentile(arrivals, 99)} ms, max ${Math.max(...arrivals)} ms`,
  );
  const stored = await server.database.db
    .selectFrom('application')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`applications stored during the run: ${stored.n}`);

  // The same submissions with BENCH_ROWS applications already stored (default 1,000,000; 0 skips):
  // copies of a stored one, each with its own number, passport, names and dates, so that every
  // index holds distinct values.
  const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
  if (rows > 0) {
    const started = Date.now();
    // On a connection of its own: the app's pool cuts statements at 15 s.
    const bulk = new pg.Client({ connectionString: server.database.url });
    await bulk.connect();
    await bulk.query(
      `INSERT INTO application (id, req_num, email, passport_num,
        passport_country_id, first_name, last_name, birth_date, arrival_date, photo_id, draft,
        created_at, state, language)
      SELECT gen_random_uuid(), 'BN-' || lpad(n::text, 9, '0'),
        'bulk' || n || '@example.com', 'P' || lpad(n::text, 8, '0'), a.passport_country_id,
        'FIRST' || n, 'LAST' || (n % 50000), a.birth_date - (n % 20000), a.arrival_date + (n % 300),
        NULL, a.draft, a.created_at - make_interval(secs => n), 'approved', 'en'
      FROM generate_series(1, $1::int) AS n, (SELECT * FROM application LIMIT 1) AS a`,
      [rows],
    );
    await bulk.query('ANALYZE application');
    await bulk.end();
    console.log(`${rows} applications stored in ${Math.round((Date.now() - started) / 1000)} s`);
    for (const connections of [20, 100]) {
      const result = await autocannon(url, { ...submission, connections });
      line(
        `POST /api/senddatamarom, ${connections} clients, with ${rows} applications stored`,
        result,
      );
      if (connections === 20) {
        const { perSecond, p99Ms, why } = AIMS.submission;
        aim(
          `submissions at 20 clients with ${rows} stored`,
          result,
          Math.round(perSecond / AIMS.storedFactor),
          Math.round(p99Ms * AIMS.storedFactor),
          why,
        );
      }
    }
    // The traveller's status look-up (issue 10) among them.
    const mine = await server.database.db
      .selectFrom('application')
      .select(['req_num', 'passport_num', sql<string>`birth_date::text`.as('birth_date')])
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    const identityFile = join(folder, 'identity.json');
    writeFileSync(
      identityFile,
      JSON.stringify({
        applicationNumber: mine.req_num,
        passportNumber: mine.passport_num,
        birthDate: mine.birth_date,
      }),
    );
    line(
      `POST /api/status, 20 clients, with ${rows} applications stored`,
      await autocannon(url, {
        ...submission,
        path: '/api/status',
        bodyFile: identityFile,
      }),
    );
  }
} finally {
  await server.close();
}
// Figures, not tests; but `npm run bench` says when an aim is missed.
if (missed > 0) process.exitCode = 1;
