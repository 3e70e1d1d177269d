// The commands, run as a person runs them (node on the built dist/*.js, as the npm scripts do;
// test/build-server.ts builds it) on an
// embedded database in a temporary DATA_DIR (made 0700): `npm run staff -- add … --print-link` prints the first admin's set-up link that
// works; `npm run audit:verify` says "chain intact" or names the changed row and exits 1; while a
// real server runs on the same embedded database, both run through its control socket.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { useAuditKey } from '../../src/audit/seal.ts';
import { openDatabase } from '../../src/db/database.ts';
import { buildOfficeApp } from '../../src/office/app.ts';
import { totpCode } from '../../src/office/auth/credentials.ts';
import { startServerProcess, stopServerProcess } from '../fault/server-process.ts';
import { eventually, startSmtpListener, testClock, testConfig } from '../harness.ts';
import { PASSWORD, sessionCookie } from './support.ts';

const run = promisify(execFile);
const SERVER = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'eta-office-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };

const command = async (script: string, args: string[]) => {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--enable-source-maps', script, ...args],
      { cwd: SERVER, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};
const staff = (...args: string[]) => command('dist/staff.js', args);
const verify = () => command('dist/audit-verify.js', []);

describe('npm run staff and npm run audit:verify (embedded database)', () => {
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('staff add --print-link prints the first admin’s one-time set-up link, which signs them in', async () => {
    const added = await staff('add', 'first.admin@office.test', 'admin', '--print-link');
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const link = /https?:\/\/\S+#token=(\S+)/.exec(added.stdout);
    expect(link?.[0].startsWith('http://localhost:3001/setup#token=')).toBe(true);

    // The embedded database's folder is this user's alone.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'pgdata')).mode & 0o777).toBe(0o700);
    // The office app in this process seals its audit rows with the key the command generated.
    useAuditKey(readFileSync(join(dataDir, 'audit-key'), 'utf8').trim());
    const clock = testClock(new Date());
    const database = await openDatabase({ dataDir });
    const office = await buildOfficeApp({
      config: testConfig({ dataDir }),
      db: database.db,
      clock,
      logger: false,
    });
    try {
      const setup = await office.inject({
        method: 'POST',
        url: '/office/api/setup',
        headers: { origin: new URL(testConfig().backofficeUrl).origin },
        payload: { token: link?.[1], password: PASSWORD },
      });
      expect(setup.statusCode).toBe(200);
      const signIn = await office.inject({
        method: 'POST',
        url: '/office/api/sign-in',
        headers: { origin: new URL(testConfig().backofficeUrl).origin },
        payload: {
          email: 'first.admin@office.test',
          password: PASSWORD,
          code: totpCode(setup.json().totpSecret, 'first.admin@office.test', clock()),
        },
      });
      const me = await office.inject({
        method: 'GET',
        url: '/office/api/me',
        headers: { cookie: sessionCookie(signIn) },
      });
      expect(me.json().staff).toMatchObject({ role: 'admin' });
    } finally {
      await office.close();
      await database.close();
    }
  }, 240_000);

  it('staff refuses a bad role, a second account for one address, bad usage, and --print-link once an admin exists', async () => {
    expect((await staff('add', 'x@office.test', 'boss')).code).toBe(2);
    const second = await staff('add', 'second.admin@office.test', 'admin', '--print-link');
    expect(second.code).toBe(2);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain('--print-link is only for the first admin');
    const officer = await staff('add', 'x@office.test', 'officer', '--print-link');
    expect(officer.code).toBe(2);
    expect(officer.stdout).not.toContain('token');
    expect((await staff('remove', 'x@office.test')).code).toBe(2);
    const twice = await staff('add', 'first.admin@office.test', 'officer');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('already has an account');
  }, 240_000);

  it('audit:verify: intact, then a changed row named with exit 1', async () => {
    const intact = await verify();
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/^chain intact, [3-9] rows/);

    const database = await openDatabase({ dataDir });
    try {
      await database.db.connection().execute(async (c) => {
        await sql`SET session_replication_role = replica`.execute(c);
        await sql`UPDATE audit_event SET client = '203.0.113.9' WHERE seq = 2`.execute(c);
        await sql`SET session_replication_role = origin`.execute(c);
      });
    } finally {
      await database.close();
    }
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^chain broken at row 2:/);
  }, 240_000);

  it('while a server runs on the embedded database, both run through its control socket', async () => {
    // The chain was broken at row 2 by the test before: the server's walk must say the same.
    const before = await verify();
    expect(before.stderr).toMatch(/^chain broken at row 2:/);
    const smtp = await startSmtpListener();
    const server = await startServerProcess({ dataDir, smtpUrl: smtp.url });
    try {
      const socket = join(dataDir, 'control.sock');
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      const added = await staff('add', 'while.running@office.test', 'officer');
      expect(added.stderr).toBe('');
      expect(added.code).toBe(0);
      // The link is not printed: it goes by e-mail to the member's address.
      expect(added.stdout).toMatch(/officer while\.running@office\.test[\s\S]*e-mailed/);
      expect(added.stdout).not.toContain('#token=');
      await eventually(
        () =>
          smtp.received.find(
            (m) => m.to === 'while.running@office.test' && m.text.includes('/setup#token='),
          ),
        60_000,
      );
      const supervisor = await staff('add', 'held@office.test', 'supervisor');
      expect(supervisor.code).toBe(0);
      expect(supervisor.stdout).toContain('waiting for an admin to confirm');
      // The account exists in the server's database: a second one for the address is refused.
      const twice = await staff('add', 'while.running@office.test', 'officer');
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain('already has an account');
      const during = await verify();
      expect(during).toEqual(before);
      expect(server.alive()).toBe(true);
    } finally {
      expect(await stopServerProcess(server)).toBe(0);
      await smtp.close();
    }
    expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);
    // Stopped, the commands open the directory themselves again.
    expect(await verify()).toEqual(before);
  }, 360_000);
});
