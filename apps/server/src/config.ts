// The environment → one typed, validated config (the README lists every variable). Every
// variable is read through one schema and every problem is reported at once. Secrets that are not
// given are generated once into DATA_DIR; production demands them, and refuses what it must not
// guess (the embedded database, a short secret, no mail server).

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { PILOT_END_DATE, REVIEW_DAYS } from '@eta-il/domain';
import { z } from 'zod';

/** Fastify's `trustProxy`: trust no proxy, the nearest N hops, or these addresses and ranges. */
export type TrustProxy = false | number | string[];

/**
 * The `trustProxy` option Fastify takes. A hop count becomes "trust the nearest N hops whatever
 * their address" (Fastify itself would trust none for a bare number).
 */
export const trustProxyOption = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** The organisation's OpenID Connect provider for staff sign-in (office/auth/oidc.ts). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claim that names the staff role (a string or a list; the first known role counts). */
  roleClaim: string;
  scope: string;
}

export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL server; undefined → embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** DATABASE_NAMED_STATEMENTS: known query texts as prepared statements (db/prepared.ts). */
  databaseNamedStatements: boolean;
  dataDir: string;
  /** SMTP server; undefined → the built-in mailbox at /dev/mailbox (not in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  /** Seals every audit row and signs its checkpoints; the database never holds it. */
  auditKey: string;
  /** Where signed checkpoints of the audit chain's head are appended (a file the database cannot write). */
  auditCheckpointPath: string;
  /** Serves GET /metrics on its own port; undefined → on the public port outside production only. */
  metricsPort: number | undefined;
  production: boolean;
  /** Where /backoffice sends the browser, and the base of staff set-up links (the back office). */
  backofficeUrl: string;
  /** The built web app; undefined → API only. */
  webDist: string | undefined;
  /** The built back office (apps/backoffice/dist), served on OFFICE_PORT. */
  officeDist: string | undefined;
  /** Time zone for "today" when the applicant's own is not known. */
  timeZone: string;
  logLevel: string;
  /** Requests per minute per client IP, all routes together. */
  rateLimitPerMinute: number;
  /** Which proxies may name the client with X-Forwarded-For. */
  trustProxy: TrustProxy;
  /** How long requests in flight may take to finish after SIGTERM/SIGINT. */
  shutdownTimeoutMs: number;
  /** Worker threads checking photos at once (the quality measures and the face detector). */
  photoCheckThreads: number;
  /** A shared store for limits across instances; undefined → the database. */
  redisUrl: string | undefined;
  /** Where OpenTelemetry traces go (OTLP over HTTP); undefined → no tracing. */
  otelEndpoint: string | undefined;
  /** Port of the staff (back-office) surface. */
  officePort: number;
  /** Days a submitted application is kept. */
  retentionApplicationDays: number;
  /** Days a payment and its refund (financial records, reference only) are kept (decision 050). */
  retentionPaymentDays: number;
  /** Days after a refusal during which the traveller may ask for its review (issue 30). */
  reviewDays: number;
  /** Where travellers reach the service: the base of the links in e-mails and documents. */
  publicUrl: string;
  /** The screening lists; undefined → the sample lists shipped with the server. */
  lostDocumentsPath: string | undefined;
  watchlistPath: string | undefined;
  /** Staff sign-in through OpenID Connect; undefined → local accounts only. */
  oidc: OidcConfig | undefined;
  /** The fee and who takes it (issue 27, decision 049). */
  payments: PaymentsConfig;
  /** Port of the carriers' API (issue 28). */
  carrierPort: number;
  /** Requests a minute each carrier may make (each counted on its own). */
  carrierRateLimitPerMinute: number;
  /** Mutual TLS on the carrier port: PEM certificate, key and the CA of the carriers' client certificates. */
  carrierTls: CarrierTls | undefined;
}

/** A Stripe-compatible API's base, passed to the SDK as host, port and protocol. */
export interface StripeApiBase {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface PaymentsConfig {
  /** Applications submitted before this date (YYYY-MM-DD) pay nothing (the pilot's waiver). */
  feeWaivedUntil: string;
  /** `dev`: the built-in page at /dev/pay (never in production); `stripe`: the official SDK. */
  provider: 'dev' | 'stripe';
  stripe?: { secretKey: string; webhookSecret: string; api?: StripeApiBase };
}

interface CarrierTls {
  cert: string;
  key: string;
  ca: string;
}

/** Every problem with the environment, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? (problems[0] as string)
        : `${problems.length} problems with the environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MIN_SECRET_BYTES = 32;

/** A variable as the environment gives it; an empty value means unset. */
const variable = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** A variable parsed by `parse`, which answers the value or the sentence that says what is wrong. */
const parsed = <T>(parse: (value: string) => T | { problem: string }) =>
  variable.transform((value, ctx): T | undefined => {
    if (value === undefined) return undefined;
    const result = parse(value);
    if (typeof result === 'object' && result !== null && 'problem' in result) {
      ctx.addIssue({ code: 'custom', message: result.problem });
      return z.NEVER;
    }
    return result as T;
  });

const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  parsed((value) => {
    const n = Number(value);
    return /^\d+$/.test(value) && n >= min && n <= max
      ? n
      : { problem: `${name} must be a whole number from ${min} to ${max}, not "${value}".` };
  });

const port = (name: string) =>
  parsed((value) => {
    const n = Number(value);
    return /^\d+$/.test(value) && n <= 65535
      ? n
      : { problem: `${name} must be a port number, not "${value}".` };
  });

const url = (name: string, protocols: string[]) =>
  parsed((value) => {
    const shown = value.replace(/\/\/[^@/]*@/, '//…@'); // never echo a password
    if (!URL.canParse(value)) return { problem: `${name} is not a URL: "${shown}".` };
    const { protocol, hostname } = new URL(value);
    if (!protocols.includes(protocol.slice(0, -1))) {
      return {
        problem: `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}, not "${shown}".`,
      };
    }
    if (!hostname) return { problem: `${name} names no host: "${shown}".` };
    return value;
  });

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An address, a CIDR range (10.0.0.0/8, fd00::/8), or one of proxy-addr's named ranges. */
const isProxyAddress = (entry: string) => {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

const trustProxy = parsed((value): TrustProxy | { problem: string } => {
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (wrong.length === 0) return entries;
  return {
    problem: `TRUST_PROXY must be a number of proxy hops or a comma-separated list of addresses and CIDR ranges (never "true"); not understood: ${wrong.map((w) => `"${w}"`).join(', ')}.`,
  };
});

const readableFile = (name: string) =>
  parsed((value) =>
    existsSync(value)
      ? value
      : { problem: `${name} must name a readable file; "${value}" does not exist.` },
  );

const schema = z.object({
  NODE_ENV: variable,
  PORT: port('PORT'),
  HOST: variable,
  DATA_DIR: variable,
  DATABASE_URL: url('DATABASE_URL', ['postgres', 'postgresql']),
  DATABASE_NAMED_STATEMENTS: parsed((value) =>
    value === 'on' || value === 'off'
      ? value === 'on'
      : { problem: `DATABASE_NAMED_STATEMENTS must be on or off, not "${value}".` },
  ),
  SMTP_URL: url('SMTP_URL', ['smtp', 'smtps']),
  MAIL_FROM: variable,
  AUTH_SECRET: variable,
  AUDIT_KEY: variable,
  AUDIT_CHECKPOINT_PATH: variable,
  METRICS_PORT: port('METRICS_PORT'),
  BACKOFFICE_URL: url('BACKOFFICE_URL', ['http', 'https']),
  WEB_DIST: variable,
  OFFICE_DIST: variable,
  TZ_DEFAULT: parsed((value) =>
    isTimeZone(value)
      ? value
      : { problem: `TZ_DEFAULT must be an IANA time zone such as Asia/Jerusalem, not "${value}".` },
  ),
  LOG_LEVEL: parsed((value) =>
    (LOG_LEVELS as readonly string[]).includes(value)
      ? value
      : { problem: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}".` },
  ),
  RATE_LIMIT_PER_MINUTE: wholeNumber('RATE_LIMIT_PER_MINUTE', 1),
  TRUST_PROXY: trustProxy,
  SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 0, 3_600_000),
  PHOTO_CHECK_THREADS: wholeNumber('PHOTO_CHECK_THREADS', 1, 64),
  REDIS_URL: url('REDIS_URL', ['redis', 'rediss']),
  OTEL_EXPORTER_OTLP_ENDPOINT: url('OTEL_EXPORTER_OTLP_ENDPOINT', ['http', 'https']),
  OFFICE_PORT: port('OFFICE_PORT'),
  RETENTION_APPLICATION_DAYS: wholeNumber('RETENTION_APPLICATION_DAYS', 1, 36_500),
  RETENTION_PAYMENT_DAYS: wholeNumber('RETENTION_PAYMENT_DAYS', 1, 36_500),
  REVIEW_DAYS: wholeNumber('REVIEW_DAYS', 1, 365),
  PUBLIC_URL: url('PUBLIC_URL', ['http', 'https']),
  LOST_DOCUMENTS_PATH: readableFile('LOST_DOCUMENTS_PATH'),
  WATCHLIST_PATH: readableFile('WATCHLIST_PATH'),
  OIDC_ISSUER: url('OIDC_ISSUER', ['http', 'https']),
  OIDC_CLIENT_ID: variable,
  OIDC_CLIENT_SECRET: variable,
  OIDC_ROLE_CLAIM: variable,
  OIDC_SCOPE: variable,
  FEE_WAIVED_UNTIL: parsed((value) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
      ? value
      : { problem: `FEE_WAIVED_UNTIL must be a date as YYYY-MM-DD, not "${value}".` },
  ),
  PAYMENT_PROVIDER: parsed((value) =>
    value === 'dev' || value === 'stripe'
      ? value
      : { problem: `PAYMENT_PROVIDER must be "dev" or "stripe", not "${value}".` },
  ),
  STRIPE_SECRET_KEY: variable,
  STRIPE_WEBHOOK_SECRET: variable,
  STRIPE_API_URL: url('STRIPE_API_URL', ['http', 'https']),
  CARRIER_PORT: port('CARRIER_PORT'),
  CARRIER_RATE_LIMIT_PER_MINUTE: wholeNumber('CARRIER_RATE_LIMIT_PER_MINUTE', 1),
  CARRIER_TLS_CERT: readableFile('CARRIER_TLS_CERT'),
  CARRIER_TLS_KEY: readableFile('CARRIER_TLS_KEY'),
  CARRIER_TLS_CA: readableFile('CARRIER_TLS_CA'),
});

/** The payment provider's keys: Stripe needs both; production refuses the dev page. */
const paymentProblems = (environment: NodeJS.ProcessEnv, production: boolean): string[] => {
  const env = Object.fromEntries(Object.entries(environment).filter(([, v]) => v !== ''));
  const provider = env.PAYMENT_PROVIDER ?? (production ? 'stripe' : 'dev');
  if (provider === 'dev' && production) {
    return ['PAYMENT_PROVIDER=dev is a development page and cannot run when NODE_ENV=production.'];
  }
  if (provider !== 'stripe') return [];
  return (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
    .filter((name) => !env[name])
    .map((name) => `${name} is required when PAYMENT_PROVIDER=stripe.`);
};

const stripeApiBase = (value: string): StripeApiBase => {
  const base = new URL(value);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
};

const CARRIER_TLS_VARIABLES = ['CARRIER_TLS_CERT', 'CARRIER_TLS_KEY', 'CARRIER_TLS_CA'] as const;

/** Mutual TLS needs all three files or none. */
const carrierTlsProblems = (environment: NodeJS.ProcessEnv): string[] => {
  const given = CARRIER_TLS_VARIABLES.filter((name) => environment[name]);
  return given.length === 0 || given.length === CARRIER_TLS_VARIABLES.length
    ? []
    : [
        `${CARRIER_TLS_VARIABLES.join(', ')} must be set together (mutual TLS on the carrier port).`,
      ];
};

/** OpenID Connect needs its client's credentials, and HTTPS in production. */
const oidcProblems = (environment: NodeJS.ProcessEnv, production: boolean): string[] => {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: id, OIDC_CLIENT_SECRET: secret } = environment;
  if (!issuer) {
    return id || secret ? ['OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER.'] : [];
  }
  const problems: string[] = [];
  if (!id || !secret) {
    problems.push('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set.');
  }
  if (production && issuer.startsWith('http:')) {
    problems.push('OIDC_ISSUER must be an https:// URL when NODE_ENV=production.');
  }
  return problems;
};

/** What production refuses that development tolerates (read from the raw environment). */
const productionProblems = (environment: NodeJS.ProcessEnv): string[] => {
  const env = Object.fromEntries(Object.entries(environment).filter(([, v]) => v !== ''));
  const problems: string[] = [];
  if (!env.DATABASE_URL) {
    problems.push(
      'DATABASE_URL is required when NODE_ENV=production (the embedded database is for development).',
    );
  }
  for (const name of ['AUTH_SECRET', 'AUDIT_KEY'] as const) {
    const secret = env[name];
    if (!secret) {
      problems.push(`${name} is required when NODE_ENV=production.`);
    } else if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
      problems.push(
        `${name} must be at least ${MIN_SECRET_BYTES} bytes when NODE_ENV=production, not ${Buffer.byteLength(secret)}.`,
      );
    }
  }
  if (!env.SMTP_URL) problems.push('SMTP_URL is required when NODE_ENV=production.');
  return problems;
};

const secretFile = (dataDir: string, name: string): string => {
  const path = join(dataDir, name);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
};

/** The config, or a ConfigError listing every problem; nothing is written unless all is well. */
export const loadConfig = (environment: NodeJS.ProcessEnv = process.env): Config => {
  const result = schema.safeParse(environment);
  const problems = result.success ? [] : result.error.issues.map((issue) => issue.message);
  const production = environment.NODE_ENV === 'production';
  if (production) problems.push(...productionProblems(environment));
  problems.push(...oidcProblems(environment, production));
  problems.push(...paymentProblems(environment, production));
  problems.push(...carrierTlsProblems(environment));
  if (!result.success || problems.length > 0) throw new ConfigError(problems);

  const env = result.data;
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const webDist = resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  const officeDist = resolve(
    env.OFFICE_DIST ?? new URL('../../backoffice/dist', import.meta.url).pathname,
  );
  return {
    port: env.PORT ?? 3000,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS ?? true,
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'ETA-IL <no-reply@eta-il.localhost>',
    authSecret: env.AUTH_SECRET ?? secretFile(dataDir, 'auth-secret'),
    auditKey: env.AUDIT_KEY ?? secretFile(dataDir, 'audit-key'),
    auditCheckpointPath: resolve(
      env.AUDIT_CHECKPOINT_PATH ?? join(dataDir, 'audit-checkpoints.jsonl'),
    ),
    metricsPort: env.METRICS_PORT,
    production,
    backofficeUrl: env.BACKOFFICE_URL ?? `http://localhost:${env.OFFICE_PORT ?? 3001}/`,
    webDist: existsSync(webDist) ? webDist : undefined,
    officeDist: existsSync(join(officeDist, 'index.html')) ? officeDist : undefined,
    timeZone: env.TZ_DEFAULT ?? 'Asia/Jerusalem',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE ?? 600,
    trustProxy: env.TRUST_PROXY ?? false,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    photoCheckThreads: env.PHOTO_CHECK_THREADS ?? availableParallelism(),
    redisUrl: env.REDIS_URL,
    otelEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    officePort: env.OFFICE_PORT ?? 3001,
    retentionApplicationDays: env.RETENTION_APPLICATION_DAYS ?? 730,
    retentionPaymentDays: env.RETENTION_PAYMENT_DAYS ?? 2557,
    reviewDays: env.REVIEW_DAYS ?? REVIEW_DAYS,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    lostDocumentsPath: env.LOST_DOCUMENTS_PATH,
    watchlistPath: env.WATCHLIST_PATH,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            roleClaim: env.OIDC_ROLE_CLAIM ?? 'roles',
            scope: env.OIDC_SCOPE ?? 'openid email profile',
          }
        : undefined,
    payments: {
      feeWaivedUntil: env.FEE_WAIVED_UNTIL ?? PILOT_END_DATE,
      provider: (env.PAYMENT_PROVIDER ?? (production ? 'stripe' : 'dev')) as 'dev' | 'stripe',
      ...(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            stripe: {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              ...(env.STRIPE_API_URL ? { api: stripeApiBase(env.STRIPE_API_URL) } : {}),
            },
          }
        : {}),
    },
    carrierPort: env.CARRIER_PORT ?? 3002,
    carrierRateLimitPerMinute: env.CARRIER_RATE_LIMIT_PER_MINUTE ?? 6000,
    carrierTls:
      env.CARRIER_TLS_CERT && env.CARRIER_TLS_KEY && env.CARRIER_TLS_CA
        ? {
            cert: readFileSync(env.CARRIER_TLS_CERT, 'utf8'),
            key: readFileSync(env.CARRIER_TLS_KEY, 'utf8'),
            ca: readFileSync(env.CARRIER_TLS_CA, 'utf8'),
          }
        : undefined,
  };
};
