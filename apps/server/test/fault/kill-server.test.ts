// Issue 9 item 3: kill -9 of the server in the middle of a burst of submissions loses no
// acknowledged submission, on PostgreSQL and on the embedded PGlite (DATA_DIR on disk): an
// answer is sent only after its transaction committed, and a commit is on disk when it returns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { type SmtpListener, startSmtpListener } from '../harness.ts';
import { remoteApplicants, startBurst, submitRemote, waitForEvents } from './burst.ts';
import { httpClient } from './http-client.ts';
import { createPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import {
  killServerProcess,
  type ServerEnvironment,
  startServerProcess,
  stopServerProcess,
} from './server-process.ts';

let smtp: SmtpListener;
const folders: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpListener();
});
afterAll(async () => {
  await smtp?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The numbers stored in the database the server used; read once no server runs on it. */
const storedNumbers = async (env: ServerEnvironment) => {
  const database = await openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir },
  );
  try {
    const rows = await database.db.selectFrom('application').select('req_num').execute();
    return new Set(rows.map((r) => r.req_num));
  } finally {
    await database.close();
  }
};

const killMidBurstAndRestart = async (env: ServerEnvironment) => {
  const first = await startServerProcess(env);
  let client = httpClient(first.port);
  const applicants = await remoteApplicants(client, smtp, 6);
  const burst = startBurst(client, applicants);
  await waitForEvents(burst, (e) => e.status === 200, 15, 60_000);
  await killServerProcess(first);
  const events = await burst.stop();
  // Every request was answered 200 or cut with the process; none was refused or failed.
  expect([...new Set(events.map((e) => e.status))].sort()).toContain(200);
  expect(events.filter((e) => e.status !== 200 && e.status !== 0)).toEqual([]);
  // The kill came during the burst: requests were in flight and got no answer.
  expect(events.some((e) => e.status === 0)).toBe(true);

  const second = await startServerProcess({ ...env, port: first.port });
  client = httpClient(second.port);
  const after = await submitRemote(client, applicants[0]!);
  expect(after.status, after.body).toBe(200);
  expect(await stopServerProcess(second)).toBe(0);

  const acknowledged = burst.acknowledged();
  const stored = await storedNumbers(env);
  expect(acknowledged.length).toBeGreaterThanOrEqual(15);
  expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
  expect(stored.has(after.json().ReqNum as string)).toBe(true);
};

const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'eta-kill-'));
  folders.push(folder);
  return folder;
};

describe('kill -9 of the server during a burst', () => {
  let cluster: PostgresCluster | undefined;
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('on PostgreSQL: every acknowledged number is stored after restart', async () => {
    cluster = await createPostgresCluster();
    await killMidBurstAndRestart({
      dataDir: tempFolder(),
      smtpUrl: smtp.url,
      databaseUrl: cluster.url,
    });
  }, 300_000);

  it('on PGlite in DATA_DIR: every acknowledged number is stored after restart', async () => {
    await killMidBurstAndRestart({ dataDir: tempFolder(), smtpUrl: smtp.url });
  }, 300_000);
});
