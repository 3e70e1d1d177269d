// loadConfig: the environment of ARCHITECTURE.md → a typed config, with its defaults; secrets
// generated once into DATA_DIR; production demands what it must not guess.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

// A given AUTH_SECRET keeps loadConfig from writing one into ./data.
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
    const config = loadConfig({ AUTH_SECRET: SECRET });
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
    const config = loadConfig({ AUTH_SECRET: SECRET, DATABASE_URL: '', SMTP_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each(['abc', '3000.5', '-1', '65536', '80 80'])('PORT=%s is a ConfigError', (port) => {
    expect(() => loadConfig({ AUTH_SECRET: SECRET, PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, PORT: port })).toThrow(
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

  it('NODE_ENV=production without SMTP_URL is a ConfigError that names it', () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: SECRET };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow('SMTP_URL is required when NODE_ENV=production.');
  });

  it('production with both starts, and generates no secret', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: SECRET,
      SMTP_URL: 'smtp://mail.example.test',
      DATA_DIR: dataDir,
    });
    expect(config).toMatchObject({ production: true, authSecret: SECRET, logLevel: 'info' });
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
});
