// The environment of ARCHITECTURE.md → a typed config, with defaults. Secrets that are not given
// are generated once into DATA_DIR; production demands them.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL server; undefined → embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** SMTP server; undefined → the built-in mailbox at /dev/mailbox (not in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  production: boolean;
  /** Where /backoffice sends the browser. */
  backofficeUrl: string;
  /** The built web app; undefined → API only. */
  webDist: string | undefined;
  /** Time zone for "today" when the applicant's own is not known. */
  timeZone: string;
  logLevel: string;
  /** Requests per minute per client IP, all routes together. */
  rateLimitPerMinute: number;
  /** Redis for the shared request limits; undefined → they are kept in the database. */
  redisUrl?: string | undefined;
}

export class ConfigError extends Error {}

const secretFile = (dataDir: string, name: string): string => {
  const path = join(dataDir, name);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
};

const positiveInteger = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number above 0, not "${value}".`);
  return n;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  if (production && !env.AUTH_SECRET) {
    throw new ConfigError('AUTH_SECRET is required when NODE_ENV=production.');
  }
  if (production && !env.SMTP_URL) {
    throw new ConfigError('SMTP_URL is required when NODE_ENV=production.');
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, not "${env.PORT}".`);
  }
  const webDist = resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'ETA-IL <no-reply@eta-il.localhost>',
    authSecret: env.AUTH_SECRET ?? secretFile(dataDir, 'auth-secret'),
    production,
    backofficeUrl: env.BACKOFFICE_URL ?? 'https://backoffice.eta-il.localhost/',
    webDist: existsSync(webDist) ? webDist : undefined,
    timeZone: env.TZ_DEFAULT ?? 'Asia/Jerusalem',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    rateLimitPerMinute: positiveInteger(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE'),
    redisUrl: env.REDIS_URL || undefined,
  };
};
