// Operational leaks (issue 26, item 7): a request's log line names its route, never the URL with
// a document, resume or verification token in it (pino's output captured); GET /metrics is not
// served on the public port in production but on its own METRICS_PORT; a traveller's session
// cannot be renewed past its absolute lifetime.
import { PassThrough } from 'node:stream';
import { SESSION_ABSOLUTE_MS, SESSION_VALIDITY_MS } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTokenService } from '../../src/auth/tokens.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { buildMetricsServer } from '../../src/ops/metrics-server.ts';
import { SETUP_MS } from '../decisions/support.ts';
import {
  eventually,
  startTestServer,
  type TestServer,
  testClock,
  testConfig,
  verifiedToken,
} from '../harness.ts';

const TOKEN = 'Zm9yZ2VkLXRva2VuLXRoYXQtbXVzdC1uZXZlci1iZS1sb2dnZWQ';

describe('request logs, /metrics and session lifetime', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    server = await startTestServer({
      services: { config: testConfig({ logLevel: 'info' }), logger: true, logStream },
    });
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  it('a logged request line names the route and holds no token', async () => {
    lines.length = 0;
    for (const url of [
      `/api/document/${TOKEN}`,
      `/resume/${TOKEN}`,
      `/verify?token=${TOKEN}`,
      `/api/document/${TOKEN}?download=${TOKEN}`,
    ]) {
      await server.request({ method: 'GET', url });
    }
    // Every one of the four requests' completion lines has reached the stream.
    await eventually(() =>
      lines.filter((l) => l.includes('request completed')).length >= 4 ? true : undefined,
    );
    const logged = lines.filter((l) => l.trim() !== '');
    const requests = logged.map((l) => JSON.parse(l)).filter((l) => l.req);
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(requests.map((l) => l.req.route)).toContain('/api/document/:token');
    expect(logged.join('\n')).not.toContain(TOKEN);
  });

  it('GET /metrics is not served on the public port in production; METRICS_PORT serves it', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const production = await buildApp({
      config: testConfig({ production: true, metricsPort: 9464 }),
      db: server.database.db,
      clock: server.clock,
      logger: false,
      metrics,
    });
    const withoutPort = await buildApp({
      config: testConfig({ production: true }),
      db: server.database.db,
      clock: server.clock,
      logger: false,
    });
    const own = buildMetricsServer(metrics);
    try {
      for (const app of [production, withoutPort]) {
        const answer = await app.inject({ method: 'GET', url: '/metrics' });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain('eta_http_request_duration_seconds');
      }
      const scraped = await own.inject({ method: 'GET', url: '/metrics' });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('eta_http_request_duration_seconds');
    } finally {
      await production.close();
      await withoutPort.close();
      await own.close();
    }
    // Outside production, without METRICS_PORT, the public port still serves it.
    expect((await server.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });

  it('a traveller token older than the absolute lifetime is refused, however often renewed', async () => {
    const email = 'renewer@example.com';
    let token = await verifiedToken(server, email);
    const refresh = (current: string) =>
      server.request({
        method: 'POST',
        url: '/api/deletecognitouser',
        headers: { 'auth-token': current },
        payload: { email, render: 'refreshToken' },
      });
    // Renewed every 50 minutes, as the web app does before each hour runs out.
    const step = SESSION_VALIDITY_MS - 10 * 60_000;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_MS) {
      server.clock.advance(step);
      elapsed += step;
      const renewed = await refresh(token);
      expect(renewed.statusCode).toBe(200);
      token = renewed.json().body.idToken;
    }
    server.clock.advance(SESSION_ABSOLUTE_MS - elapsed);
    const late = await refresh(token);
    expect(late.statusCode).toBe(401);
    expect(late.json().statusCode).toBe(401);
  });

  it('the token service: a renewed token keeps auth_time and ends at the absolute lifetime', async () => {
    const clock = testClock();
    const tokens = createTokenService('s'.repeat(40), clock);
    const first = await tokens.issue('a@example.com');
    clock.advance(SESSION_ABSOLUTE_MS - 30 * 60_000);
    expect(await tokens.verify(first)).toBeUndefined(); // the first hour is long gone
    const fresh = await tokens.issue('a@example.com');
    clock.advance(50 * 60_000);
    const session = await tokens.verify(fresh);
    const renewed = session && (await tokens.renew(session));
    expect(renewed).toBeDefined();
    // A renewal belongs to the same session (the one a submission revokes); a new code's does not.
    expect((await tokens.verify(renewed))?.id).toBe(session?.id);
    clock.advance(1000);
    expect((await tokens.verify(await tokens.issue('a@example.com')))?.id).not.toBe(session?.id);
    clock.advance(SESSION_ABSOLUTE_MS - 50 * 60_000 - 1000);
    expect(await tokens.verify(renewed)).toBeUndefined();
  });
});
