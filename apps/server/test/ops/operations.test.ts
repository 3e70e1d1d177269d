// The operations surface in one app: GET /livez, /readyz and /metrics answer for themselves (not
// the web app's fallback, not the per-IP limit), /readyz tells a missing migration and an
// unreachable database apart, every request's duration is recorded by route pattern, and every
// answer carries its request id.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../src/db/schema.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { UNMATCHED_ROUTE } from '../../src/ops/operations.ts';
import { checkReadiness } from '../../src/ops/readiness.ts';
import { DATABASES, startTestServer, type TestServer, testConfig } from '../harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(DATABASES)('operations surface (%s)', (kind) => {
  let server: TestServer;
  let webDist: string;
  const metrics = createMetrics();

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'eta-il-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>ETA-IL</title>');
    server = await startTestServer({
      kind,
      services: {
        config: testConfig({ webDist }),
        metrics,
        rateLimits: { global: 3, code: 3, submission: 3, photo: 3 },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('GET /livez and /readyz answer JSON, not the web app', async () => {
    const live = await server.request({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ statusCode: 200, status: 'live' });
    const ready = await server.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ statusCode: 200, status: 'ready' });
    // …while any other page is the web app.
    const page = await server.request({ method: 'GET', url: '/some/page' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('the per-IP limit never refuses a probe', async () => {
    const limited = [];
    for (let i = 0; i < 6; i++) {
      limited.push((await server.request({ method: 'GET', url: '/api/config' })).statusCode);
    }
    expect(limited).toContain(429);
    for (const url of ['/livez', '/readyz', '/metrics', '/livez', '/readyz', '/metrics']) {
      expect((await server.request({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('GET /metrics: request durations by route pattern, method and status; process metrics', async () => {
    // From an address the limit test above has not used up.
    const remoteAddress = '10.9.9.9';
    await server.request({ method: 'GET', url: '/api/photo/not-a-uuid', remoteAddress });
    await server.request({ method: 'GET', url: '/nowhere', remoteAddress });
    const response = await server.request({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /^eta_http_request_duration_seconds_count\{route="\/livez",method="GET",status="200"\} [1-9]/m,
    );
    // The route pattern, not the URL: one series however many ids are asked for.
    expect(text).toMatch(
      /^eta_http_request_duration_seconds_count\{route="\/api\/photo\/:id",method="GET",status="401"\} 1$/m,
    );
    expect(text).toContain(
      `eta_http_request_duration_seconds_count{route="${UNMATCHED_ROUTE}",method="GET",status="200"}`,
    );
    expect(text).toMatch(/^eta_http_request_duration_seconds_count\{.*status="429"\} [1-9]/m);
    expect(text).not.toContain('not-a-uuid');
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    for (const name of [
      'eta_submissions_stored_total',
      'eta_codes_sent_total',
      'eta_queue_depth',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('X-Request-Id: a well-formed one is echoed, anything else is replaced by a UUID', async () => {
    const echo = async (id?: string, url = '/livez') =>
      (
        await server.request({
          method: 'GET',
          url,
          headers: id === undefined ? {} : { 'x-request-id': id },
        })
      ).headers['x-request-id'];
    expect(await echo('lb-7f3a.2_x')).toBe('lb-7f3a.2_x');
    expect(await echo('a'.repeat(128))).toBe('a'.repeat(128));
    expect(await echo('a'.repeat(129))).toMatch(UUID);
    expect(await echo('two words')).toMatch(UUID);
    expect(await echo('x\u00e9')).toMatch(UUID);
    expect(await echo('')).toMatch(UUID);
    expect(await echo()).toMatch(UUID);
    expect(await echo(undefined, '/api/nothing')).toMatch(UUID);
    expect(await echo('on-a-404', '/api/nothing')).toBe('on-a-404');
    const first = await echo();
    expect(await echo()).not.toBe(first);
  });

  it('/readyz answers 503 with the reason while a migration is not applied', async () => {
    const { db } = server.database;
    const [row] = (await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(db)).rows;
    if (!row) throw new Error('no migration recorded');
    await sql`DELETE FROM schema_migration WHERE name = ${row.name}`.execute(db);
    try {
      const response = await server.request({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        status: 'not ready',
        dependency: 'database',
        message: `migrations not applied: ${row.name}`,
      });
    } finally {
      await sql`INSERT INTO schema_migration (name) VALUES (${row.name})`.execute(db);
    }
    expect((await server.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('checkReadiness without a database', () => {
  let silent: Server;
  let port: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never answers, like a database host that hangs.
    silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const dbAt = (url: string) =>
    new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
    });

  it('a database that does not answer: not ready within the bound', async () => {
    const db = dbAt(`postgres://eta@127.0.0.1:${port}/eta`);
    const started = Date.now();
    const readiness = await checkReadiness(db, { timeoutMs: 300 });
    expect(readiness).toEqual({
      ready: false,
      dependency: 'database',
      reason: 'database: no answer within 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    for (const socket of sockets) socket.destroy();
    await db.destroy().catch(() => {});
  });

  it('a database that refuses the connection: not ready, and why (its code, not its address)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const db = dbAt(`postgres://eta@127.0.0.1:${free}/eta`);
    const readiness = await checkReadiness(db);
    expect(readiness).toEqual({
      ready: false,
      dependency: 'database',
      reason: 'database unreachable (ECONNREFUSED)',
    });
    await db.destroy();
  });
});
