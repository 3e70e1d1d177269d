// The probes when a dependency fails. The database is the one /readyz depends on: when it cannot
// serve — the embedded database's DATA_DIR deleted under a running server, PostgreSQL unreachable —
// /readyz answers 503 with the usual not-ready body naming the database, and no address, password
// or file path; /livez and /metrics still answer 200 (never 500). Redis (rate-limit counts) and the
// mail server are not needed to serve: with both unreachable every probe answers 200, and the API
// still answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import type { Schema } from '../../src/db/schema.ts';
import { type BackgroundWork, startBackgroundWork } from '../../src/jobs/index.ts';
import { smtpTransport } from '../../src/mail/transport.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import {
  DATABASES,
  STARTUP_MS,
  startSmtpListener,
  startTestServer,
  type TestServer,
  testClock,
  testConfig,
  XSRF,
} from '../harness.ts';

/** A loopback port nothing listens on. */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const probe = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

/** /readyz answers 503 naming the database and why, in the probe's fixed words; its answer. */
const expectNotReady = async (app: FastifyInstance, message: string) => {
  const ready = await probe(app, '/readyz');
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({
    statusCode: 503,
    status: 'not ready',
    dependency: 'database',
    message,
  });
  return ready;
};

describe('an embedded database whose DATA_DIR is deleted under the running server', () => {
  let dataDir: string;
  let database: Database;
  let background: BackgroundWork;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'eta-il-deleted-'));
    database = await openDatabase({ dataDir });
    const clock = testClock();
    const metrics = createMetrics({ processMetrics: false });
    background = await startBackgroundWork({
      database,
      transport: smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, 'ETA-IL <a@b.test>'),
      clock,
      metrics,
    });
    app = await buildApp({
      config: testConfig({ dataDir }),
      db: database.db,
      clock,
      metrics,
      logger: false,
    });
  }, STARTUP_MS);
  afterAll(async () => {
    await app?.close();
    // The database's files are gone: stopping it may fail, which is not what this suite checks.
    await background?.stop().catch(() => {});
    await database?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('/readyz answers 503 naming the database, without its path; /livez and /metrics answer 200', async () => {
    expect((await probe(app, '/readyz')).statusCode).toBe(200);
    rmSync(dataDir, { recursive: true, force: true });
    const ready = await expectNotReady(app, "the embedded database's files are missing");
    expect(ready.body).not.toContain(dataDir);
    expect((await probe(app, '/livez')).statusCode).toBe(200);
    // Its queue-depth gauge cannot be read, the rest of the metrics can.
    const metrics = await probe(app, '/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE eta_http_request_duration_seconds histogram');
  });

  it('the API answers 503 with Retry-After, never 500, once the files are gone', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const answers = [];
    for (const request of [
      { method: 'GET' as const, url: '/api/getalldata' },
      { method: 'POST' as const, url: '/api/session' },
      {
        method: 'POST' as const,
        url: '/api/status',
        payload: {
          applicationNumber: 'IL-2026-000001',
          passportNumber: 'X1',
          birthDate: '1990-01-01',
        },
      },
    ]) {
      const answer = await app.inject(request);
      answers.push([request.url, answer.statusCode]);
      expect(answer.statusCode).toBe(answer.json().statusCode);
      if (answer.statusCode === 503) expect(answer.headers['retry-after']).toBeDefined();
    }
    expect(answers.filter(([, status]) => status === 500)).toEqual([]);
  });
});

describe('PostgreSQL unreachable', () => {
  const PASSWORD = 'hunter2-not-for-logs';
  let app: FastifyInstance;
  let db: Kysely<Schema>;
  let url: string;

  beforeAll(async () => {
    url = `postgres://eta:${PASSWORD}@127.0.0.1:${await closedPort()}/eta`;
    db = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
    });
    const metrics = createMetrics({ processMetrics: false });
    // As the job queue's gauge does: the queue depth is read from the database at each scrape.
    metrics.setQueueDepthSource(async () => {
      await sql`SELECT 1`.execute(db);
      return {};
    });
    app = await buildApp({
      config: testConfig({ databaseUrl: url }),
      db,
      clock: testClock(),
      metrics,
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy().catch(() => {});
  });

  it('/readyz answers 503 naming the database, with no address or password; /livez and /metrics 200', async () => {
    const ready = await expectNotReady(app, 'database unreachable (ECONNREFUSED)');
    const port = new URL(url).port;
    for (const secret of [PASSWORD, port, '127.0.0.1', 'eta:']) {
      expect(ready.body).not.toContain(secret);
    }
    expect((await probe(app, '/livez')).statusCode).toBe(200);
    // The queue depth cannot be read; every other metric is served.
    const metrics = await probe(app, '/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('eta_http_request_duration_seconds_count{route="/readyz"');
  });
});

describe.each(DATABASES)('Redis and the mail server unreachable, on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    const smtp = await startSmtpListener();
    // The mail server goes away: mail waits in the queue.
    await smtp.close();
    server = await startTestServer({
      kind,
      smtp,
      config: { redisUrl: `redis://127.0.0.1:${await closedPort()}` },
    });
  }, STARTUP_MS);
  afterAll(() => server?.close());

  it('every probe answers 200: neither is needed to serve; the API still answers', async () => {
    for (const url of ['/livez', '/readyz', '/metrics']) {
      const answer = await server.request({ method: 'GET', url });
      expect([url, answer.statusCode]).toEqual([url, 200]);
    }
    expect((await server.request({ method: 'GET', url: '/readyz' })).json()).toEqual({
      statusCode: 200,
      status: 'ready',
    });
    // Counted in Redis (which cannot count: the request passes) and mailed (the mail waits).
    const code = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
      payload: { email: 'probe-deps@example.com', render: 'signUpUser' },
    });
    expect(code.statusCode).toBe(200);
  });
});
