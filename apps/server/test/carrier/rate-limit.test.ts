// Each carrier has its own rate limit (issue 28 item 2): one carrier past its limit is refused
// with 429, and another carrier calling from the same address is still answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.ts';
import {
  type CarrierTestServer,
  check,
  FLIGHT,
  newCarrier,
  PASSENGER,
  startCarrierServer,
} from './support.ts';

describe.each(DATABASES)('each carrier’s own rate limit on %s', (kind) => {
  let server: CarrierTestServer;
  beforeAll(async () => {
    server = await startCarrierServer(kind, { carrierRateLimitPerMinute: 3 });
  }, 180_000);
  afterAll(() => server?.close());

  it('refuses a carrier past its limit with 429, and still answers another from the same address', async () => {
    const busy = await newCarrier(server, 'Busy Air', 'BA');
    const other = await newCarrier(server, 'Other Air', 'AF');
    const body = { flight: FLIGHT, passengers: [PASSENGER] };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await check(server, busy.key, body)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await check(server, busy.key, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().statusCode).toBe(429);
    expect((await check(server, other.key, body)).statusCode).toBe(200);
    // A minute later the busy carrier is answered again.
    server.clock.advance(61_000);
    expect((await check(server, busy.key, body)).statusCode).toBe(200);
  });
});
