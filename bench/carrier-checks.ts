// The carriers' boarding check under load (issue 28), on a real PostgreSQL server holding
// 1,000,000 applications. Aims (this 2-core machine): ≥ 5,000 passengers/s in batches of 100 from
// 20 carriers at once, p99 ≤ 50 ms a batch, p99 ≤ 10 ms a single-passenger check. Measured:
// - batches of 100 from 20 carriers sending on time, 5,000 passengers/s in all: p50/p99 (an open
//   loop, bench/carrier-load-worker.mjs: a late answer does not slow the senders down);
// - batches from 20 carriers each sending as soon as answered: the most passengers a second;
// - single passengers from 20 carriers on time (BENCH_SINGLE_RATE each, 5: 100 checks/s): p99;
// - single passengers as fast as answered: the most checks a second;
// with the CPU time a request costs this process (the server), PostgreSQL and the load.
//
// The database `eta_bench_carriers` on postgres://postgres@127.0.0.1:5432 is made, migrated with
// the server's migrations and seeded once (set-based SQL, about 10 minutes on a busy machine),
// then kept: a run finds it seeded and goes straight to measuring. `--reseed` (or BENCH_RESEED=1,
// or another BENCH_ROWS) seeds it anew. Each run starts with no carriers and no check records,
// adds 20 carriers with the server's own account code, and serves the real carrier app
// (buildCarrierApp with the configuration's defaults but the per-carrier limit, lifted so that it
// cannot cut a measurement short; limits are still counted, in PostgreSQL) on a loopback port in
// this process; the load runs in a second process, one connection per carrier.
// Exits 1 when an aim is missed or a measurement fails (an error, a non-2xx, a wrong answer).
//
// node --import tsx bench/carrier-checks.ts [--reseed]
//   BENCH_ROWS (1000000), BENCH_SECONDS (10), BENCH_SINGLE_RATE (5),
//   BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApplicationState,
  awaitsPayment,
  type CarrierCheckResponse,
  type Country,
  isAuthorized,
  isBeforeDecision,
  isEligibleNationality,
  isIsrael,
  isRevoked,
  statesWhere,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import pg from 'pg';
import { useAuditKey } from '../apps/server/src/audit/seal.ts';
import { addCarrier } from '../apps/server/src/carrier/accounts.ts';
import { buildCarrierApp } from '../apps/server/src/carrier/app.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createMetrics } from '../apps/server/src/ops/metrics.ts';
import { validDraft } from '../packages/domain/test/fixtures.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SINGLE_RATE = Number(process.env.BENCH_SINGLE_RATE ?? 5);
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = 'eta_bench_carriers';
const RESEED = process.argv.includes('--reseed') || process.env.BENCH_RESEED === '1';
const CARRIERS = 20;
const BATCH = 100;
const AIM = { passengersPerSecond: 5000, batchP99Ms: 50, singleP99Ms: 10 };

/** How the stored applications are spread over the states, in percent. */
const MIX: [ApplicationState, number, { ended?: boolean }][] = [
  ['approved', 76, {}],
  ['approved', 4, { ended: true }], // its authorization ended before today (answers EXPIRED)
  ['submitted', 2, {}],
  ['in_review', 2, {}],
  ['info_requested', 1, {}],
  ['awaiting_payment', 2, {}],
  ['refused', 5, {}],
  ['revoked', 2, {}],
  ['expired', 4, {}], // the fee never came
  ['withdrawn', 2, {}],
];

// biome-ignore format: a list, a line of names at a time
const SURNAMES = [
  'SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'MUELLER',
  'SCHMIDT', 'SCHNEIDER', 'FISCHER', 'MARTIN', 'BERNARD', 'DUBOIS', 'ROSSI', 'RUSSO', 'FERRARI',
  'TANAKA', 'SUZUKI', 'KIM', 'LEE', 'PARK', 'NGUYEN', 'SILVA', 'SANTOS', 'OLIVEIRA', 'KOWALSKI',
  'NOWAK', 'JANSEN', 'DE VRIES', 'VAN DER BERG', 'OBRIEN', 'MURPHY', 'ANDERSSON', 'JOHANSSON',
  'NIELSEN', 'HANSEN', 'PAPADOPOULOS', 'NOVAK',
];
// biome-ignore format: a list, a line of names at a time
const GIVEN = [
  'JAMES', 'MARY', 'JOHN', 'PATRICIA', 'ROBERT', 'JENNIFER', 'MICHAEL', 'LINDA', 'ANNA MARIA',
  'JEAN PIERRE', 'HANS', 'URSULA', 'GIUSEPPE', 'FRANCESCA', 'HIROSHI', 'YUKI', 'MIN JUN', 'SEO YEON',
  'LUCAS', 'SOFIA', 'PIOTR', 'AGNIESZKA', 'LARS', 'INGRID', 'SEAN', 'SIOBHAN', 'NIKOS', 'ELENI',
  'PETR', 'JANA', 'MATEO', 'VALENTINA', 'ERIK', 'ASTRID', 'PAUL', 'SARAH', 'DAVID', 'EMMA',
  'OLIVER', 'CHARLOTTE',
];

const countries = referenceData.allcountry;
const eligible = countries.filter(isEligibleNationality);
const israel = countries.find((c) => isIsrael(c));
const visaRequired = countries.filter(
  (c) => !isEligibleNationality(c) && !isIsrael(c) && /^[A-Z]{3}$/.test(c.COUNTRY_CODE),
);
const byExtId = new Map<number, Country>(eligible.map((c) => [c.EXT_COUNTRY_ID, c]));
/** Travellers' issuing countries: every eligible one, some far more often (USA about 16%). */
// biome-ignore format: a table
const EXTRA_WEIGHT: Record<string, number> = {
  USA: 29, GBR: 9, FRA: 9, DEU: 7, RUS: 7, UKR: 5, ITA: 4, CAN: 4, ESP: 3, NLD: 3, POL: 3,
  BRA: 3, ARG: 2, AUS: 2, MEX: 2, ROU: 2, BEL: 1, CHE: 1, AUT: 1, HUN: 1, CZE: 1, GRC: 1,
};
const issuingCountries = eligible.flatMap((c) =>
  Array.from({ length: 1 + (EXTRA_WEIGHT[c.COUNTRY_CODE] ?? 0) }, () => c.EXT_COUNTRY_ID),
);

const adminUrl = `${SERVER}/postgres`;
const databaseUrl = `${SERVER}/${DATABASE}`;

const percentOf = <T>(pick: (entry: (typeof MIX)[number]) => T): T[] =>
  MIX.flatMap((entry) => Array.from({ length: entry[1] }, () => pick(entry)));

/** Makes the database if it is missing (or drops and makes it with --reseed). */
const prepareDatabase = async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (RESEED) await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
};

/**
 * ROWS applications in one statement: application n belongs to traveller p (= n, or n - 1 for
 * every 50th: a second application with the same passport), whose passport number, issuing
 * country (EXTRA_WEIGHT), birth date (1945–2024) and names follow from p (hashed, so that they
 * vary independently); the state follows MIX; approved and revoked ones
 * have their authorization (two years from the application, or ended before today).
 */
const seed = async (client: pg.Client) => {
  const started = Date.now();
  await client.query('BEGIN');
  await client.query('TRUNCATE carrier_check, carrier, travel_authorization, application CASCADE');
  await client.query(
    `WITH stored AS (
      INSERT INTO application (id, req_num, email, passport_num,
        passport_country_id, first_name, last_name, birth_date, arrival_date, photo_id, draft,
        created_at, state, state_changed_at, language, fee_reference)
      SELECT gen_random_uuid(), 'BC' || lpad(n::text, 8, '0'),
        'traveller' || p || '@bench.test',
        chr(65 + p % 26) || chr(65 + (p / 26) % 26) || lpad(((p::bigint * 7919) % 10000000)::text, 7, '0'),
        ($2::int[])[1 + abs(hashint4(p + 1000000)::bigint) % cardinality($2::int[])],
        ($3::text[])[1 + abs(hashint4(p + 2000000)::bigint) % cardinality($3::text[])],
        ($4::text[])[1 + abs(hashint4(p + 3000000)::bigint) % cardinality($4::text[])],
        date '1945-01-01' + (abs(hashint4(p)::bigint) % 29000)::int,
        (now() - make_interval(secs => ($1 - n) * 30))::date + 30,
        NULL, $5::jsonb, now() - make_interval(secs => ($1 - n) * 30), s.state,
        CASE WHEN s.decided THEN now() - make_interval(secs => ($1 - n) * 30) + interval '2 days' END,
        'en', CASE WHEN s.unpaid THEN 'BC' || lpad(n::text, 8, '0') END
      FROM generate_series(1, $1::int) AS n
      CROSS JOIN LATERAL (SELECT CASE WHEN n % 50 = 0 THEN n - 1 ELSE n END AS p) AS traveller
      CROSS JOIN LATERAL (SELECT ($6::text[])[1 + n * 37 % 100] AS state,
        ($7::bool[])[1 + n * 37 % 100] AS decided, ($8::bool[])[1 + n * 37 % 100] AS unpaid) AS s
      RETURNING id, req_num, state, created_at, passport_num, passport_country_id
    )
    INSERT INTO travel_authorization (id, application_id, bearer_index, passport_num,
      passport_country_id, valid_from, valid_until, issued_at)
    SELECT gen_random_uuid(), id, 0, passport_num, passport_country_id, created_at::date,
      CASE WHEN ($9::bool[])[1 + substr(req_num, 3)::int * 37 % 100]
        THEN current_date - 1 - substr(req_num, 3)::int % 200
        ELSE created_at::date + 730 END,
      created_at + interval '1 day'
    FROM stored WHERE state = ANY($10::text[])`,
    [
      ROWS,
      issuingCountries,
      GIVEN,
      SURNAMES,
      JSON.stringify(validDraft()),
      percentOf(([state]) => state),
      percentOf(([state]) => !isBeforeDecision(state)),
      percentOf(([state]) => awaitsPayment(state)),
      percentOf(([, , o]) => o.ended === true),
      // An approved or a revoked application was approved once: it has its authorization.
      statesWhere((state) => isAuthorized(state) || isRevoked(state)),
    ],
  );
  await client.query('COMMIT');
  // As autovacuum leaves a table that has stood a while: statistics, hint bits, the visibility map.
  await client.query('VACUUM (ANALYZE) application, travel_authorization');
  console.log(`${ROWS} applications seeded in ${Math.round((Date.now() - started) / 1000)} s`);
};

interface Traveller {
  passport_num: string;
  passport_country_id: number;
  birth_date: string;
  first_name: string;
  last_name: string;
}

type Passenger = Record<string, string>;

const passengerOf = (t: Traveller, reference: string): Passenger => {
  const country = byExtId.get(t.passport_country_id)?.COUNTRY_CODE ?? 'USA';
  return {
    reference,
    documentNumber: t.passport_num,
    issuingCountry: country,
    nationality: country,
    birthDate: t.birth_date,
    surname: t.last_name,
    givenNames: t.first_name,
  };
};

let drawn = 0;
const digits = (length: number) =>
  String(Math.floor(Math.random() * 10 ** length)).padStart(length, '0');
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A flight's 100 passengers: 86 who applied (in whatever state), 5 Israelis, 4 who never applied,
 * 3 whose number is mistyped by one character, 2 of a nationality that needs a visa. */
const batchOf = (travellers: Traveller[]): Passenger[] => {
  const take = () => travellers[drawn++ % travellers.length] as Traveller;
  const passengers: Passenger[] = [];
  for (let i = 0; i < 86; i++) passengers.push(passengerOf(take(), `A${i}`));
  for (let i = 0; i < 5; i++) {
    passengers.push({
      ...passengerOf(take(), `I${i}`),
      documentNumber: digits(8),
      issuingCountry: israel?.COUNTRY_CODE ?? 'ISR',
      nationality: israel?.COUNTRY_CODE ?? 'ISR',
    });
  }
  for (let i = 0; i < 4; i++) {
    passengers.push({ ...passengerOf(take(), `N${i}`), documentNumber: `N${digits(8)}` });
  }
  for (let i = 0; i < 3; i++) {
    const t = take();
    const last = t.passport_num.at(-1) === '0' ? '1' : '0';
    passengers.push({
      ...passengerOf(t, `M${i}`),
      documentNumber: `${t.passport_num.slice(0, -1)}${last}`,
    });
  }
  for (let i = 0; i < 2; i++) {
    const country = pick(visaRequired).COUNTRY_CODE;
    passengers.push({
      ...passengerOf(take(), `V${i}`),
      documentNumber: `V${digits(8)}`,
      issuingCountry: country,
      nationality: country,
    });
  }
  // Shuffled, as a passenger list is in no particular order.
  for (let i = passengers.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [passengers[i], passengers[j]] = [passengers[j] as Passenger, passengers[i] as Passenger];
  }
  return passengers;
};

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  duration: number;
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The load generator's CPU time. */
  cpuMs: number;
  /** On time only: the ten slowest requests, [ms after the start they were due, ms taken]. */
  slowest?: [number, number][];
}

/** CPU time (ms) of each PostgreSQL backend serving this database, from /proc. */
const postgresCpuMs = async (client: pg.Client) => {
  const pids = (
    await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [DATABASE],
    )
  ).rows.map((r) => r.pid);
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // utime, stime
    } catch {
      // The backend has gone.
    }
  }
  return used;
};

/** What the backends used between two readings (a backend closed in between is not counted). */
const postgresCpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

interface Measured extends Result {
  /** CPU time per answered request (ms): this process (the server), PostgreSQL, the load. */
  cpuPerRequest: { server: number; postgres: number; load: number };
}

/** A load (below), with the CPU time each side spent on it. */
const measure = async (
  url: string,
  keys: string[],
  bodies: unknown[],
  options: { seconds: number; rate?: number },
  client: pg.Client,
): Promise<Measured> => {
  const server = process.cpuUsage();
  const postgres = await postgresCpuMs(client);
  const result = await load(url, keys, bodies, options);
  const serverUsed = process.cpuUsage(server);
  const postgresUsed = postgresCpuSince(postgres, await postgresCpuMs(client));
  const n = Math.max(1, result['2xx'] + result.non2xx);
  const per = (ms: number) => Math.round((ms / n) * 100) / 100;
  return {
    ...result,
    cpuPerRequest: {
      server: per((serverUsed.user + serverUsed.system) / 1000),
      postgres: per(postgresUsed),
      load: per(result.cpuMs),
    },
  };
};

/** autocannon in a second process (bench/carrier-load-worker.mjs), one connection per carrier. */
const load = async (
  url: string,
  keys: string[],
  bodies: unknown[],
  options: { seconds: number; rate?: number },
): Promise<Result> => {
  const folder = mkdtempSync(join(tmpdir(), 'eta-carrier-load-'));
  const bodiesFile = join(folder, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies.map((b) => JSON.stringify(b))));
  const file = join(folder, 'load.json');
  writeFileSync(
    file,
    JSON.stringify({ url, connections: keys.length, keys, bodiesFile, ...options }),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/carrier-load-worker.mjs', file], {
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

const failures: string[] = [];
const loadAverage = async () => {
  const { loadavg } = await import('node:os');
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
};

await prepareDatabase();
// The server's own migrations (openDatabase migrates), then the seed when it is missing.
const database = await openDatabase({ url: databaseUrl });
const bulk = new pg.Client({ connectionString: databaseUrl });
await bulk.connect();
try {
  const stored = Number(
    (await bulk.query<{ n: string }>('SELECT count(*) AS n FROM application')).rows[0]?.n,
  );
  if (stored !== ROWS) await seed(bulk);
  else console.log(`${stored} applications already stored in ${DATABASE}: not seeded again`);
  await bulk.query('TRUNCATE carrier_check, carrier CASCADE');
  await bulk.query('DELETE FROM rate_limit');

  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmpdir(), 'eta-bench-carriers'),
    AUTH_SECRET: 'bench-carrier-secret-0123456789abcdef0123',
    AUDIT_KEY: 'bench-carrier-audit-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
    CARRIER_RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  useAuditKey(config.auditKey);
  const keys: string[] = [];
  for (let i = 0; i < CARRIERS; i++) {
    const added = await addCarrier(
      database.db,
      systemClock(),
      { staffId: null, actor: 'bench/carrier-checks.ts', client: 'local' },
      { name: `Bench carrier ${i + 1}`, iataCode: `Q${String(i).padStart(2, '0')}` },
    );
    if (!added.ok) throw new Error(`carrier not added: ${added.problem}`);
    keys.push(added.key);
  }
  const app = await buildCarrierApp({
    config,
    db: database.db,
    clock: systemClock,
    metrics: createMetrics(),
    countries,
    logger: false,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/carrier/v1/checks`;

    // Passengers drawn at random from the stored travellers (a single application each or not).
    const travellers = (
      await bulk.query<Traveller>(
        `SELECT passport_num, passport_country_id, birth_date::text AS birth_date, first_name,
          last_name FROM application TABLESAMPLE BERNOULLI (10) REPEATABLE (${Date.now() % 1000})
          ORDER BY random() LIMIT 60000`,
      )
    ).rows;
    const flight = {
      carrier: 'QQ',
      number: '8',
      departureDate: new Date().toISOString().slice(0, 10),
      from: 'JFK',
    };
    const batches = Array.from({ length: 600 }, () => ({
      flight,
      passengers: batchOf(travellers),
    }));
    const singles = Array.from({ length: 6000 }, () => ({
      flight,
      passengers: [passengerOf(travellers[drawn++ % travellers.length] as Traveller, '1')],
    }));

    // Before measuring: the answers of five batches, as the carriers get them.
    const tally = new Map<string, number>();
    for (const body of batches.slice(0, 5)) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys[0]}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) {
        failures.push(`a batch answered ${response.status}: ${await response.text()}`);
        break;
      }
      const answer = (await response.json()) as CarrierCheckResponse;
      if (answer.results.length !== BATCH) failures.push('a batch had fewer answers');
      for (const r of answer.results) {
        const kind = r.answer === 'NO_BOARD' ? `NO_BOARD/${r.reason}` : r.answer;
        tally.set(kind, (tally.get(kind) ?? 0) + 1);
      }
    }
    console.log(`answers in 500 passengers: ${[...tally].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    const expected = [
      'OK',
      'NOT_REQUIRED',
      'VISA_REQUIRED',
      'NO_BOARD/NO_AUTHORIZATION',
      'NO_BOARD/DOCUMENT_MISMATCH',
      'NO_BOARD/PENDING',
      'NO_BOARD/REFUSED',
    ];
    const missing = expected.filter((k) => !tally.has(k));
    if (missing.length > 0) failures.push(`no ${missing.join(', ')} among the answers`);
    if (tally.has('DATA_ERROR')) failures.push('DATA_ERROR among the answers');
    if ((tally.get('NOT_REQUIRED') ?? 0) !== 25) failures.push('not every Israeli NOT_REQUIRED');
    if ((tally.get('VISA_REQUIRED') ?? 0) !== 10) failures.push('not every visa VISA_REQUIRED');

    // Warm up (JIT, the pool's connections), then measure: at the aimed rates, each carrier
    // sending on time whatever the answers (latency), and as fast as answered (the most).
    await load(url, keys, batches, { seconds: 2 });
    const before = await loadAverage();
    const batchRate = AIM.passengersPerSecond / BATCH / CARRIERS;
    const measured = {
      batchesPaced: await measure(url, keys, batches, { seconds: SECONDS, rate: batchRate }, bulk),
      batchesMost: await measure(url, keys, batches, { seconds: SECONDS }, bulk),
      singlesPaced: await measure(
        url,
        keys,
        singles,
        { seconds: SECONDS, rate: SINGLE_RATE },
        bulk,
      ),
      singlesMost: await measure(url, keys, singles, { seconds: SECONDS }, bulk),
    };
    // The floor this machine sets: the same requests without a key, answered 401 before any query.
    const floor = await measure(
      url,
      keys.map(() => 'not-a-carrier-key'),
      singles,
      { seconds: SECONDS, rate: SINGLE_RATE },
      bulk,
    );
    const after = await loadAverage();

    const { batchesPaced, batchesMost, singlesPaced, singlesMost } = measured;
    const passengersPerSecond = (batchesMost['2xx'] * BATCH) / batchesMost.duration;
    const bad = (r: Result) => r.non2xx + r.errors + r.timeouts;
    const perSecond = (r: Result, unit: string, times = 1) =>
      `${Math.round((r['2xx'] * times) / r.duration)} ${unit}/s`;
    const row = (load: string, r: Measured, throughput: string, errors = bad(r)) => [
      load,
      throughput,
      `${r.latency.p50} ms`,
      `${r.latency.p99} ms`,
      String(errors),
      `${r.cpuPerRequest.server} / ${r.cpuPerRequest.postgres} / ${r.cpuPerRequest.load}`,
    ];
    const rows = [
      row(
        `batches of ${BATCH}, ${CARRIERS} carriers × ${batchRate}/s (${AIM.passengersPerSecond} passengers/s offered)`,
        batchesPaced,
        perSecond(batchesPaced, 'passengers', BATCH),
      ),
      row(
        `batches of ${BATCH}, ${CARRIERS} carriers, each as fast as answered`,
        batchesMost,
        perSecond(batchesMost, 'passengers', BATCH),
      ),
      row(
        `1 passenger, ${CARRIERS} carriers × ${SINGLE_RATE}/s`,
        singlesPaced,
        perSecond(singlesPaced, 'checks'),
      ),
      row(
        `1 passenger, ${CARRIERS} carriers, each as fast as answered`,
        singlesMost,
        perSecond(singlesMost, 'checks'),
      ),
      row(
        `no key, ${CARRIERS} × ${SINGLE_RATE}/s: 401 before any query (the machine's floor)`,
        floor,
        `${Math.round(floor.non2xx / floor.duration)} answers/s`,
        floor.errors,
      ),
    ];
    const header = [
      'load',
      'throughput',
      'p50',
      'p99',
      'errors/non-2xx',
      'CPU ms a request: server / PostgreSQL / load',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
    const print = (r: string[]) =>
      console.log(`| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`);
    console.log(
      `\nCarrier checks on PostgreSQL, ${ROWS} applications stored, ${SECONDS} s each (load average ${before} → ${after})`,
    );
    print(header);
    print(widths.map((w) => '-'.repeat(w)));
    for (const r of rows) print(r);
    const slowest = { batchesPaced, singlesPaced, floor };
    for (const [name, r] of Object.entries(slowest)) {
      const list = (r.slowest ?? []).map(([at, ms]) => `${ms} ms at ${at}`).join(', ');
      console.log(`slowest ${name}: ${list}`);
    }

    if (floor.errors > 0 || floor['2xx'] > 0 || floor.non2xx === 0) {
      failures.push('requests without a key were not all answered 401');
    }
    for (const [name, r] of Object.entries(measured)) {
      if (bad(r) > 0 || r['2xx'] === 0) failures.push(`${name}: ${bad(r)} errors or non-2xx`);
    }
    if (passengersPerSecond < AIM.passengersPerSecond) {
      failures.push(
        `at most ${Math.round(passengersPerSecond)} passengers/s < ${AIM.passengersPerSecond}`,
      );
    }
    if (batchesPaced.latency.p99 > AIM.batchP99Ms) {
      failures.push(`batch p99 ${batchesPaced.latency.p99} ms > ${AIM.batchP99Ms} ms`);
    }
    if (singlesPaced.latency.p99 > AIM.singleP99Ms) {
      failures.push(`single check p99 ${singlesPaced.latency.p99} ms > ${AIM.singleP99Ms} ms`);
    }
  } finally {
    await app.close();
  }
} finally {
  await bulk.end();
  await database.close();
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exit(1);
}
console.log(
  `✓ aims met: ≥ ${AIM.passengersPerSecond} passengers/s, batch p99 ≤ ${AIM.batchP99Ms} ms, single p99 ≤ ${AIM.singleP99Ms} ms`,
);
