// Test harness: a real database (PGlite in memory, or a fresh database on the PostgreSQL server
// of TEST_DATABASE_URL), a real SMTP listener, the real background work (pg-boss delivering mail
// over pooled SMTP), and a clock tests can move.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PILOT_END_DATE } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type AppServices, buildApp } from '../src/app.ts';
import { useAuditKey } from '../src/audit/seal.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { type BackgroundWork, startBackgroundWork } from '../src/jobs/index.ts';
import type { RETRY_POLICY } from '../src/jobs/queue.ts';
import type { RefundRetryWork } from '../src/jobs/retry-refunds.ts';
import type { ScreeningWork } from '../src/jobs/screen-applications.ts';
import { smtpTransport } from '../src/mail/transport.ts';
import { createMetrics, type Metrics } from '../src/ops/metrics.ts';
import { createMigratedPostgresDatabase, openMemoryDatabase } from './template-databases.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * A test service named by the environment. In CI (`CI=true`) a missing one fails the whole file
 * at load, so no suite quietly runs on fewer databases than it claims; `npm test` names this
 * machine's PostgreSQL and Redis unless told otherwise.
 */
export const testServiceUrl = (name: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL') => {
  const url = process.env[name];
  if (!url && process.env.CI === 'true')
    throw new Error(`${name} is not set: CI runs these suites on that service (see .ci/run).`);
  return url;
};

/** The databases every API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
/** Every test process seals its audit rows with this key, as main.ts does with AUDIT_KEY. */
export const TEST_AUDIT_KEY = 'test-audit-key-0123456789abcdef0123456789';
useAuditKey(TEST_AUDIT_KEY);

export const DATABASES: DatabaseKind[] = testServiceUrl('TEST_DATABASE_URL')
  ? ['pglite', 'postgres']
  : ['pglite'];

/** Connects to the PostgreSQL server of TEST_DATABASE_URL and asks its version. */
export const postgresServerVersion = async (): Promise<string> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: this suite needs a PostgreSQL server');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? '';
  } finally {
    await client.end();
  }
};

/**
 * A new database on the PostgreSQL server, empty or (`migrated`) a copy of the migrated, seeded
 * template; dropped by the returned function.
 */
export const createPostgresDatabase = async ({
  migrated = false,
} = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> => {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `eta_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  if (migrated) {
    url = await createMigratedPostgresDatabase(admin, name);
  } else {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const address = new URL(admin);
    address.pathname = `/${name}`;
    url = address.toString();
  }
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

export interface ReceivedMail {
  to: string;
  raw: string;
  /** Decoded by mailparser: the subject and the text part, in whatever language and encoding. */
  subject: string;
  text: string;
}

export interface SmtpListenerOptions {
  /** Answer every recipient with this SMTP reply code (550: refused for good; 451: try later). */
  refuseWith?: number;
}

/** A real SMTP listener on a free loopback port. */
export const startSmtpListener = async (port = 0, { refuseWith }: SmtpListenerOptions = {}) => {
  const received: ReceivedMail[] = [];
  /** Recipients offered (RCPT TO), refused or not: one per delivery attempt. */
  const offered: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      offered.push(address.address);
      if (!refuseWith) return callback();
      const error = Object.assign(new Error(`Refused (${refuseWith})`), {
        responseCode: refuseWith,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            for (const rcpt of session.envelope.rcptTo) {
              received.push({
                to: rcpt.address,
                raw: raw.toString('utf8'),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
              });
            }
            callback();
          })
          .catch(callback);
      });
    },
  });
  // A sender that vanishes mid-connection (a server killed by a fault test) resets its socket;
  // smtp-server reports that as an 'error' event, which must not become an uncaught exception.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    offered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SmtpListener = Awaited<ReturnType<typeof startSmtpListener>>;

/** A clock the test moves. */
export const testClock = (start = new Date('2026-11-22T09:00:00Z')) => {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance: (ms: number) => {
      now += ms;
    },
    set: (date: Date) => {
      now = date.getTime();
    },
  });
};
export type TestClock = ReturnType<typeof testClock>;

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: undefined,
  databaseNamedStatements: true,
  dataDir: 'memory://',
  smtpUrl: undefined,
  mailFrom: 'ETA-IL <no-reply@eta-il.test>',
  authSecret: 'test-secret-0123456789abcdef0123456789',
  auditKey: TEST_AUDIT_KEY,
  auditCheckpointPath: join(
    tmpdir(),
    `eta-audit-checkpoints-${randomBytes(6).toString('hex')}.jsonl`,
  ),
  metricsPort: undefined,
  production: false,
  backofficeUrl: 'https://backoffice.example.test/',
  webDist: undefined,
  officeDist: undefined,
  timeZone: 'Asia/Jerusalem',
  logLevel: 'silent',
  rateLimitPerMinute: 600,
  trustProxy: false,
  shutdownTimeoutMs: 10_000,
  photoCheckThreads: 2,
  redisUrl: undefined,
  otelEndpoint: undefined,
  officePort: 3001,
  retentionApplicationDays: 730,
  retentionPaymentDays: 2557,
  reviewDays: 28,
  publicUrl: 'https://eta-il.example.test',
  lostDocumentsPath: undefined,
  watchlistPath: undefined,
  oidc: undefined,
  // The service's own default: the fee is due (the pilot ended), taken by the built-in dev page.
  payments: { feeWaivedUntil: PILOT_END_DATE, provider: 'dev' },
  carrierPort: 3002,
  carrierRateLimitPerMinute: 6000,
  carrierTls: undefined,
  ...overrides,
});

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  smtp: SmtpListener;
  /** The job queue and its workers: `drained()` waits until every queued mail is delivered. */
  background: BackgroundWork;
  /** The metrics the background work records into. */
  metrics: Metrics;
  /** Injects with the XSRF cookie and header a browser would send. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export interface TestServerOptions {
  kind?: DatabaseKind;
  /** Share an existing database (two instances on one PostgreSQL). */
  databaseUrl?: string;
  smtp?: SmtpListener;
  clock?: TestClock;
  services?: Partial<AppServices>;
  /** Delivery retry policies; the harness default retries twice, 1–2 s apart. */
  retry?: Partial<typeof RETRY_POLICY>;
  /** Screens submitted (paid) applications in the background, as the service does. */
  screening?: ScreeningWork;
  /** Retries refunds the provider could not make at once, as the service does. */
  refunds?: RefundRetryWork;
  /** Overrides of the app's configuration (the fee's waiver date, the provider). */
  config?: Partial<Config>;
}

/** Quick retries, so that tests of failures take seconds. */
export const TEST_RETRY = { limit: 2, delaySeconds: 1, maxDelaySeconds: 2 };

export const XSRF = 'test-xsrf-token-value';

/** Time a suite may take to start its server: PGlite and the job queue's schema on a busy machine. */
export const STARTUP_MS = 180_000;

export const startTestServer = async (options: TestServerOptions = {}): Promise<TestServer> => {
  const kind = options.kind ?? 'pglite';
  let dropDatabase: (() => Promise<void>) | undefined;
  let url = options.databaseUrl;
  if (!url && kind === 'postgres') {
    const created = await createPostgresDatabase({ migrated: true });
    url = created.url;
    dropDatabase = created.drop;
  }
  const database = url ? await openDatabase({ url }) : await openMemoryDatabase();
  await seedReferenceData(database.db, referenceData);
  const clock = options.clock ?? testClock();
  const ownSmtp = !options.smtp;
  const smtp = options.smtp ?? (await startSmtpListener());
  const transport = smtpTransport(smtp.url, 'ETA-IL <no-reply@eta-il.test>');
  const metrics = createMetrics({ processMetrics: false });
  const background = await startBackgroundWork({
    database,
    transport,
    clock,
    metrics,
    retry: { code: TEST_RETRY, mail: TEST_RETRY, ...options.retry },
    ...(options.screening ? { screening: options.screening } : {}),
    ...(options.refunds ? { refunds: options.refunds } : {}),
  });
  const app = await buildApp({
    config: testConfig({ smtpUrl: smtp.url, ...options.config }),
    db: database.db,
    clock,
    logger: false,
    rateLimits: { global: 1_000_000, code: 1_000_000, submission: 1_000_000, photo: 1_000_000 },
    ...options.services,
  });
  const request = (o: InjectOptions) =>
    app.inject({
      ...o,
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...o.headers },
    });
  return {
    app,
    database,
    clock,
    smtp,
    background,
    metrics,
    request,
    close: async () => {
      await app.close();
      await background.stop();
      if (ownSmtp) await smtp.close();
      await database.close();
      await dropDatabase?.();
    },
  };
};

/** Waits until `check` returns a value, polling; fails after `ms`. */
export const eventually = async <T>(
  check: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A code e-mail carries its 6-digit code in the subject, in every language. */
export const isCodeMail = (mail: ReceivedMail) => /\b\d{6}\b/.test(mail.subject);
export const codeIn = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.text)?.[1];

/** The 6-digit code in the newest code e-mail to `email`. */
export const codeFromMail = (smtp: SmtpListener, email: string) =>
  eventually(() => {
    const mail = smtp.received.filter((m) => m.to === email && isCodeMail(m)).at(-1);
    return mail ? codeIn(mail) : undefined;
  });

/** Sends a code, reads it from the SMTP listener, confirms it: the auth token. */
export const verifiedToken = async (server: TestServer, email: string): Promise<string> => {
  const sent = await server.request({
    method: 'POST',
    url: '/api/deletecognitouser%20',
    payload: { email, render: 'signUpUser' },
  });
  const { timestamp } = sent.json().body as { timestamp: number };
  const code = await codeFromMail(server.smtp, email);
  const confirmed = await server.request({
    method: 'POST',
    url: '/api/deletecognitouser',
    payload: { email, confirmationCode: code, timestamp, render: 'confirmSignUp' },
  });
  return (confirmed.json().body as { idToken: string }).idToken;
};
