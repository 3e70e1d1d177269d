// `npm run carrier` (issue 28 item 2) on the embedded database, with no server running and then
// through a running server's control socket: add prints the key once, and that key answers on
// the carrier API; list, replace-key and revoke; bad usage. The command is the built
// dist/carrier.js, what `npm run carrier` runs (test/build-server.ts builds it).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { referenceData } from '@eta-il/domain/reference-data';
import { afterAll, describe, expect, it } from 'vitest';
import { useAuditKey } from '../../src/audit/seal.ts';
import { buildCarrierApp } from '../../src/carrier/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { startServerProcess, stopServerProcess } from '../fault/server-process.ts';
import { startSmtpListener, TEST_AUDIT_KEY, testClock, testConfig } from '../harness.ts';

const run = promisify(execFile);
const SERVER = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'eta-carrier-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };

const carrier = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--enable-source-maps', 'dist/carrier.js', ...args],
      { cwd: SERVER, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

const keyIn = (stdout: string) => /etac_[\w-]{43}/.exec(stdout)?.[0];
const idIn = (stdout: string) => /[0-9a-f]{8}-[0-9a-f-]{27}/.exec(stdout)?.[0];

/** Whether the key is accepted by a carrier app opened on the embedded database. */
const accepted = async (key: string) => {
  const database = await openDatabase({ dataDir });
  const app = await buildCarrierApp({
    config: testConfig({ dataDir }),
    db: database.db,
    clock: testClock(new Date()),
    metrics: createMetrics({ processMetrics: false }),
    countries: referenceData.allcountry,
    logger: false,
  });
  try {
    const answer = await app.inject({
      method: 'POST',
      url: '/carrier/v1/checks',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: {
        flight: { carrier: 'LY', number: '8', departureDate: '2026-12-24', from: 'JFK' },
        passengers: [
          {
            reference: '1',
            documentNumber: 'ZZ1',
            issuingCountry: 'USA',
            nationality: 'USA',
            birthDate: '1990-01-01',
            surname: 'DOE',
          },
        ],
      },
    });
    return answer.statusCode === 200;
  } finally {
    await app.close();
    await database.close();
  }
};

describe('npm run carrier (embedded database)', () => {
  afterAll(() => {
    useAuditKey(TEST_AUDIT_KEY);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a carrier and prints its key once; list, replace-key and revoke', async () => {
    const added = await carrier('add', 'El Al', 'LY');
    expect(added.code).toBe(0);
    const key = keyIn(added.stdout) as string;
    const id = idIn(added.stdout) as string;
    expect(key).toBeDefined();
    useAuditKey(readFileSync(join(dataDir, 'audit-key'), 'utf8').trim());
    expect(await accepted(key)).toBe(true);

    const listed = await carrier('list');
    expect(listed.stdout).toContain('El Al');
    expect(listed.stdout).not.toContain('etac_');

    const replaced = await carrier('replace-key', id);
    expect(replaced.code).toBe(0);
    const newKey = keyIn(replaced.stdout) as string;
    expect(newKey).not.toBe(key);
    expect(await accepted(key)).toBe(false);
    expect(await accepted(newKey)).toBe(true);

    expect((await carrier('revoke', id)).code).toBe(0);
    expect(await accepted(newKey)).toBe(false);
    expect((await carrier('list')).stdout).toMatch(/revoked/);
  }, 240_000);

  it('refuses bad usage and a bad IATA code', async () => {
    expect((await carrier('add', 'El Al')).code).toBe(2);
    expect((await carrier('remove', 'x')).code).toBe(2);
    const bad = await carrier('add', 'El Al', 'L-Y');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('IATA');
    expect((await carrier('revoke', 'no-such-id')).code).toBe(1);
  }, 240_000);

  it('while a server runs on the embedded database, runs through its control socket', async () => {
    const smtp = await startSmtpListener();
    const server = await startServerProcess({ dataDir, smtpUrl: smtp.url });
    try {
      const added = await carrier('add', 'Lufthansa', 'LH');
      expect(added.code).toBe(0);
      expect(keyIn(added.stdout)).toBeDefined();
      expect((await carrier('list')).stdout).toContain('Lufthansa');
    } finally {
      await stopServerProcess(server);
      await smtp.close();
    }
  }, 240_000);
});
