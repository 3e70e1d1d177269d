// The business counters of /metrics move with what happens: a code queued counts once, an
// application stored counts once, and the idempotent repeat of a submission does not count again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/ops/metrics.ts';
import { applicant, submit } from '../application.ts';
import { DATABASES, STARTUP_MS, startTestServer, type TestServer } from '../harness.ts';

describe.each(DATABASES)('codes and submissions in /metrics (%s)', (kind) => {
  let server: TestServer;
  const metrics = createMetrics({ processMetrics: false });
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { metrics } });
  }, STARTUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  const counter = async (name: string) => {
    const text = (await server.request({ method: 'GET', url: '/metrics' })).body;
    return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  };

  it('counts the code sent and the application stored, not the repeat', async () => {
    expect(await counter('eta_codes_sent_total')).toBe(0);
    const person = await applicant(server, 'counted@example.com');
    expect(await counter('eta_codes_sent_total')).toBe(1);
    expect(await counter('eta_submissions_stored_total')).toBe(0);
    const key = { 'idempotency-key': 'counted-once-0001' };
    expect((await submit(server, person.token, person.draft(), key)).statusCode).toBe(200);
    expect((await submit(server, person.token, person.draft(), key)).statusCode).toBe(200);
    expect(await counter('eta_submissions_stored_total')).toBe(1);
  });
});
