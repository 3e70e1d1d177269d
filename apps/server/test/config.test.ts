// loadConfig: the environment of ARCHITECTURE.md → a typed config, with its defaults; secrets
// generated once into DATA_DIR; production demands what it must not guess.

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from '../src/config.ts';

// A given AUTH_SECRET and AUDIT_KEY keep loadConfig from writing them into ./data.
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'eta-il-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('defaults: PORT 3000, HOST 127.0.0.1, DATA_DIR ./data, PGlite, the dev mailbox', () => {
    const config = loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'ETA-IL <no-reply@eta-il.localhost>',
      authSecret: SECRET,
      production: false,
    });
  });

  it('reads every variable it is given', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://eta@db.example.test/eta',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'ETA-IL <eta@example.test>',
      AUTH_SECRET: SECRET,
      AUDIT_KEY: SECRET,
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: 'postgres://eta@db.example.test/eta',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'ETA-IL <eta@example.test>',
    });
  });

  it('an empty DATABASE_URL or SMTP_URL means unset', () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      AUDIT_KEY: SECRET,
      DATABASE_URL: '',
      SMTP_URL: '',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each(['abc', '3000.5', '-1', '65536', '80 80'])('PORT=%s is a ConfigError', (port) => {
    expect(() => loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET, PORT: port })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET, PORT: port })).toThrow(
      `PORT must be a port number, not "${port}".`,
    );
  });

  it('NODE_ENV=production without AUTH_SECRET is a ConfigError that names it', () => {
    const env = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.test',
      DATA_DIR: tempDir(),
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow('AUTH_SECRET is required when NODE_ENV=production.');
  });

  it('NODE_ENV=production without AUDIT_KEY, or with a short one, is a ConfigError that names it', () => {
    const env = {
      NODE_ENV: 'production',
      AUTH_SECRET: SECRET,
      SMTP_URL: 'smtp://mail.example.test',
      DATABASE_URL: 'postgres://eta@db.example.test/eta',
      DATA_DIR: tempDir(),
    };
    expect(() => loadConfig(env)).toThrow('AUDIT_KEY is required when NODE_ENV=production.');
    expect(() => loadConfig({ ...env, AUDIT_KEY: 'short' })).toThrow(
      'AUDIT_KEY must be at least 32 bytes when NODE_ENV=production, not 5.',
    );
  });

  it('without AUDIT_KEY a key is generated once into a 0700 DATA_DIR (0600), checkpoints beside it', () => {
    const dataDir = join(tempDir(), 'data');
    const config = loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir });
    expect(config.auditKey).toBe(readFileSync(join(dataDir, 'audit-key'), 'utf8'));
    expect(statSync(join(dataDir, 'audit-key')).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(config.auditCheckpointPath).toBe(join(dataDir, 'audit-checkpoints.jsonl'));
    expect(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir }).auditKey).toBe(config.auditKey);
  });

  it('NODE_ENV=production without SMTP_URL is a ConfigError that names it', () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: SECRET, AUDIT_KEY: SECRET };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow('SMTP_URL is required when NODE_ENV=production.');
  });

  it('production with all it needs starts, and generates no secret', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: SECRET,
      AUDIT_KEY: SECRET,
      SMTP_URL: 'smtp://mail.example.test',
      DATABASE_URL: 'postgres://eta@db.example.test/eta',
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config).toMatchObject({ production: true, authSecret: SECRET, logLevel: 'info' });
    expect(config.payments).toEqual({
      feeWaivedUntil: '2025-01-01',
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_test_x',
        webhookSecret: 'whsec_x',
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      },
    });
    expect(() => statSync(join(dataDir, 'auth-secret'))).toThrow();
  });

  it('without AUTH_SECRET a secret is generated once into DATA_DIR and reused', () => {
    const dataDir = join(tempDir(), 'not-yet-there');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.authSecret);
    // Only its owner may read it.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.authSecret).toBe(first.authSecret);

    // Another data folder gets its own secret.
    expect(loadConfig({ DATA_DIR: tempDir() }).authSecret).not.toBe(first.authSecret);
  });

  it('defaults of the operations settings', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET })).toMatchObject({
      trustProxy: false,
      shutdownTimeoutMs: 10_000,
      databaseNamedStatements: true,
      photoCheckThreads: availableParallelism(),
      redisUrl: undefined,
      otelEndpoint: undefined,
      officePort: 3001,
      retentionApplicationDays: 730,
      reviewDays: 28,
      timeZone: 'Asia/Jerusalem',
    });
  });

  it('reads the operations settings', () => {
    expect(
      loadConfig({
        AUTH_SECRET: SECRET,
        AUDIT_KEY: SECRET,
        TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback',
        SHUTDOWN_TIMEOUT_MS: '2500',
        PHOTO_CHECK_THREADS: '3',
        DATABASE_NAMED_STATEMENTS: 'off',
        REDIS_URL: 'redis://cache.example.test:6379/0',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.example.test:4318',
        OFFICE_PORT: '4001',
        RETENTION_APPLICATION_DAYS: '365',
        REVIEW_DAYS: '14',
        TZ_DEFAULT: 'Europe/Paris',
        LOG_LEVEL: 'debug',
      }),
    ).toMatchObject({
      trustProxy: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'],
      shutdownTimeoutMs: 2500,
      photoCheckThreads: 3,
      databaseNamedStatements: false,
      redisUrl: 'redis://cache.example.test:6379/0',
      otelEndpoint: 'http://collector.example.test:4318',
      officePort: 4001,
      retentionApplicationDays: 365,
      reviewDays: 14,
      timeZone: 'Europe/Paris',
      logLevel: 'debug',
    });
  });

  it('TRUST_PROXY as a hop count trusts that many hops; 0 trusts none', () => {
    const two = loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET, TRUST_PROXY: '2' }).trustProxy;
    expect(two).toBe(2);
    const trust = trustProxyOption(two);
    expect(typeof trust === 'function' && [0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([
      true,
      true,
      false,
    ]);
    expect(
      loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET, TRUST_PROXY: '0' }).trustProxy,
    ).toBe(false);
  });

  // One bad value each: the message that names it.
  it.each([
    ['TRUST_PROXY', 'true', 'TRUST_PROXY must be a number of proxy hops or a comma-separated list'],
    ['TRUST_PROXY', '10.0.0.0/33', 'not understood: "10.0.0.0/33"'],
    ['TRUST_PROXY', '10.0.0.1, example.com', 'not understood: "example.com"'],
    ['TZ_DEFAULT', 'Mars/Olympus', 'TZ_DEFAULT must be an IANA time zone'],
    ['DATABASE_URL', 'not a url', 'DATABASE_URL is not a URL: "not a url".'],
    ['DATABASE_URL', 'mysql://db/eta', 'DATABASE_URL must start with postgres:// or postgresql://'],
    ['SMTP_URL', 'http://mail.example.test', 'SMTP_URL must start with smtp:// or smtps://'],
    ['BACKOFFICE_URL', 'backoffice', 'BACKOFFICE_URL is not a URL'],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL must start with redis:// or rediss://'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318', 'OTEL_EXPORTER_OTLP_ENDPOINT must start'],
    ['SHUTDOWN_TIMEOUT_MS', 'soon', 'SHUTDOWN_TIMEOUT_MS must be a whole number from 0'],
    ['OFFICE_PORT', '70000', 'OFFICE_PORT must be a port number, not "70000".'],
    ['RETENTION_APPLICATION_DAYS', '0', 'RETENTION_APPLICATION_DAYS must be a whole number from 1'],
    ['REVIEW_DAYS', '0', 'REVIEW_DAYS must be a whole number from 1 to 365'],
    ['RATE_LIMIT_PER_MINUTE', '1.5', 'RATE_LIMIT_PER_MINUTE must be a whole number from 1'],
    ['PHOTO_CHECK_THREADS', '0', 'PHOTO_CHECK_THREADS must be a whole number from 1 to 64'],
    ['DATABASE_NAMED_STATEMENTS', 'yes', 'DATABASE_NAMED_STATEMENTS must be on or off, not "yes".'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info'],
  ])('%s=%s is refused', (name, value, message) => {
    const load = () => loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('OpenID Connect: off by default; OIDC_ISSUER with its client turns it on, role claim "roles"', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET }).oidc).toBeUndefined();
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      AUDIT_KEY: SECRET,
      OIDC_ISSUER: 'https://login.example.gov/realms/staff',
      OIDC_CLIENT_ID: 'eta-il-office',
      OIDC_CLIENT_SECRET: 'shh',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://login.example.gov/realms/staff',
      clientId: 'eta-il-office',
      clientSecret: 'shh',
      roleClaim: 'roles',
      scope: 'openid email profile',
    });
    expect(
      loadConfig({
        AUTH_SECRET: SECRET,
        AUDIT_KEY: SECRET,
        OIDC_ISSUER: 'https://login.example.gov',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
        OIDC_ROLE_CLAIM: 'eta_il_role',
        OIDC_SCOPE: 'openid email staff',
      }).oidc,
    ).toMatchObject({ roleClaim: 'eta_il_role', scope: 'openid email staff' });
  });

  it('OpenID Connect: an issuer without its client, a client without an issuer, plain HTTP in production are refused', () => {
    expect(() =>
      loadConfig({
        AUTH_SECRET: SECRET,
        AUDIT_KEY: SECRET,
        OIDC_ISSUER: 'https://login.example.gov',
      }),
    ).toThrow('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set.');
    expect(() =>
      loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET, OIDC_CLIENT_ID: 'a' }),
    ).toThrow('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER.');
    expect(() =>
      loadConfig({ AUTH_SECRET: SECRET, AUDIT_KEY: SECRET, OIDC_ISSUER: 'ldap://login' }),
    ).toThrow('OIDC_ISSUER must start with http:// or https://');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        AUDIT_KEY: SECRET,
        DATABASE_URL: 'postgres://db/eta',
        SMTP_URL: 'smtp://mail.example.test',
        OIDC_ISSUER: 'http://login.example.gov',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
      }),
    ).toThrow('OIDC_ISSUER must be an https:// URL when NODE_ENV=production.');
  });

  it('a password in a bad URL is not echoed', () => {
    expect(() =>
      loadConfig({
        AUTH_SECRET: SECRET,
        AUDIT_KEY: SECRET,
        DATABASE_URL: 'mysql://eta:hunter2@db/eta',
      }),
    ).toThrow('"mysql://…@db/eta"');
  });

  it('the fee: FEE_WAIVED_UNTIL a date, the dev page outside production only, Stripe with both keys', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).payments).toEqual({
      feeWaivedUntil: '2025-01-01',
      provider: 'dev',
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), FEE_WAIVED_UNTIL: '2027-03-01' }).payments.feeWaivedUntil,
    ).toBe('2027-03-01');
    expect(() => loadConfig({ FEE_WAIVED_UNTIL: '1/1/2027' })).toThrow(
      'FEE_WAIVED_UNTIL must be a date as YYYY-MM-DD, not "1/1/2027".',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER must be "dev" or "stripe", not "paypal".',
    );
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).toThrow('STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe.');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        AUDIT_KEY: SECRET,
        SMTP_URL: 'smtp://mail.example.test',
        DATABASE_URL: 'postgres://eta@db.example.test/eta',
        PAYMENT_PROVIDER: 'dev',
      }),
    ).toThrow(
      'PAYMENT_PROVIDER=dev is a development page and cannot run when NODE_ENV=production.',
    );
  });

  it('production refuses the embedded database and a short AUTH_SECRET', () => {
    const env = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.test' };
    expect(() => loadConfig({ ...env, AUTH_SECRET: SECRET, AUDIT_KEY: SECRET })).toThrow(
      'DATABASE_URL is required when NODE_ENV=production',
    );
    expect(() =>
      loadConfig({ ...env, AUTH_SECRET: 'x'.repeat(31), DATABASE_URL: 'postgres://db/eta' }),
    ).toThrow('AUTH_SECRET must be at least 32 bytes when NODE_ENV=production, not 31.');
  });

  it('reports every problem at once, one line each, and writes nothing', () => {
    const dataDir = join(tempDir(), 'untouched');
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: 'eighty',
        TZ_DEFAULT: 'Nowhere/Land',
        TRUST_PROXY: 'true',
        REDIS_URL: 'cache',
        AUTH_SECRET: 'short',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toEqual([
      expect.stringMatching(/^PORT must be a port number/),
      expect.stringMatching(/^TZ_DEFAULT must be an IANA time zone/),
      expect.stringMatching(/^TRUST_PROXY must be/),
      expect.stringMatching(/^REDIS_URL is not a URL/),
      expect.stringMatching(/^DATABASE_URL is required when NODE_ENV=production/),
      expect.stringMatching(/^AUTH_SECRET must be at least 32 bytes/),
      expect.stringMatching(/^AUDIT_KEY is required when NODE_ENV=production/),
      expect.stringMatching(/^SMTP_URL is required when NODE_ENV=production/),
      'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe.',
      'STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe.',
    ]);
    expect(message.split('\n')).toHaveLength(1 + problems.length);
    expect(() => statSync(dataDir)).toThrow();
  });
});
