// Issue 9 item 3: PostgreSQL restarts in the middle of a burst of submissions. The server stays
// up, answers 503 with Retry-After while the database is away (never a 500, never a hang),
// serves again by itself when it is back, and every number it acknowledged is stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SmtpListener, startSmtpListener } from '../harness.ts';
import { remoteApplicants, startBurst, waitForEvents } from './burst.ts';
import { httpClient } from './http-client.ts';
import { createPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from './server-process.ts';

let cluster: PostgresCluster;
let smtp: SmtpListener;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  cluster = await createPostgresCluster();
  smtp = await startSmtpListener();
  dataDir = mkdtempSync(join(tmpdir(), 'eta-fault-'));
  server = await startServerProcess({ dataDir, smtpUrl: smtp.url, databaseUrl: cluster.url });
}, 240_000);

afterAll(async () => {
  if (server) await stopServerProcess(server);
  await smtp?.close();
  await cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const storedNumbers = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = await client.query<{ req_num: string }>('SELECT req_num FROM application');
  await client.end();
  return new Set(rows.rows.map((r) => r.req_num));
};

it('a PostgreSQL restart mid-burst: 503 with Retry-After meanwhile, recovery, nothing lost', async () => {
  const client = httpClient(server.port);
  const applicants = await remoteApplicants(client, smtp, 8);
  const burst = startBurst(client, applicants);
  await waitForEvents(burst, (e) => e.status === 200, 10, 60_000);

  await cluster.stopImmediately();
  await waitForEvents(burst, (e) => e.status === 503, 5, 60_000);
  // Still down: a request made now is answered at once, not held.
  const whileDown = Date.now();
  await cluster.start();
  const restarted = Date.now();
  await waitForEvents(burst, (e) => e.status === 200 && e.at > restarted, 10, 60_000);
  const events = await burst.stop();

  expect(server.alive(), server.stderr()).toBe(true);
  const statuses = new Set(events.map((e) => e.status));
  expect(
    [...statuses].sort(),
    JSON.stringify(events.filter((e) => e.status !== 200).slice(0, 3)),
  ).toEqual([200, 503]);
  const unavailable = events.filter((e) => e.status === 503);
  expect(unavailable.every((e) => Number(e.retryAfter) > 0)).toBe(true);
  expect(unavailable.every((e) => JSON.parse(e.body ?? '{}').statusCode === 503)).toBe(true);
  // No request waited past the bounds (5 s to connect, then 15 s per statement), down or not.
  expect(Math.max(...events.map((e) => e.ms))).toBeLessThan(25_000);
  expect(events.some((e) => e.status === 503 && e.at >= whileDown - 1_000)).toBe(true);

  const acknowledged = burst.acknowledged();
  const stored = await storedNumbers(cluster.url);
  expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
}, 240_000);
