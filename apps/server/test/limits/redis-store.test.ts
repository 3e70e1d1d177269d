// Issue 9: with REDIS_URL set, the per-IP limits are counted in Redis. Two instances that share
// nothing but Redis (each on its own embedded database) enforce one limit. Runs when
// TEST_REDIS_URL names a Redis server (redis://127.0.0.1:6379 on the development machine).
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_KEY_PREFIX } from '../../src/security/rate-limit-store.ts';
import { startTestServer, type TestServer, testConfig, testServiceUrl } from '../harness.ts';

const REDIS_URL = testServiceUrl('TEST_REDIS_URL');
const LIMIT = 4;
const REDIS_SUITES = REDIS_URL ? [REDIS_URL] : [];

// Without TEST_REDIS_URL this fails rather than passing with no case run.
describe('the Redis suite', () => {
  it('has a Redis server to run on', async () => {
    if (!REDIS_URL) throw new Error('TEST_REDIS_URL is not set: this suite needs a Redis server');
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      expect(await redis.ping()).toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });
});

describe.each(REDIS_SUITES)('two instances sharing Redis at %s', (redisUrl) => {
  // A client address of its own, so this run's keys are its alone (the key holds the address).
  const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const keys = `${REDIS_KEY_PREFIX}*${client}*`;
  let redis: Redis;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redis = new Redis(redisUrl);
    const services = {
      config: testConfig({ redisUrl }),
      rateLimits: { global: LIMIT, code: LIMIT },
    };
    a = await startTestServer({ services });
    b = await startTestServer({ services });
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const left = await redis.keys(keys);
    if (left.length > 0) await redis.del(...left);
    await redis.quit();
  });

  it('enforce one per-IP limit: requests split across both, the combined count is limited', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const server = i % 2 === 0 ? a : b;
      const answer = await server.request({
        method: 'GET',
        url: '/api/config',
        remoteAddress: client,
      });
      answers.push(answer.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
  });

  it('count in Redis, with the window as its expiry, and not in the database', async () => {
    const key = `${REDIS_KEY_PREFIX}global:${client}`;
    expect(await redis.keys(keys)).toEqual([key]);
    // Four served, then each instance's one claim that found the limit passed: the other
    // refusals cost no round trip (rate-limit-claims.ts).
    expect(await redis.get(key)).toBe('6');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    for (const server of [a, b]) {
      const rows = await server.database.db.selectFrom('rate_limit').select('key').execute();
      expect(rows).toEqual([]);
    }
  });

  it('share the code route limit across both path spellings', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await (i % 2 === 0 ? a : b).request({
        method: 'POST',
        url: i < 3 ? '/api/deletecognitouser' : '/api/deletecognitouser%20',
        payload: { email: 'redis.route@example.com', render: 'refreshToken' },
        remoteAddress: client,
      });
      answers.push(answer.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe('while Redis cannot be reached', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, every connection is refused.
    const services = { config: testConfig({ redisUrl: 'redis://127.0.0.1:1' }) };
    server = await startTestServer({ services });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('requests are served, uncounted: a limiter outage is no service outage', async () => {
    const started = Date.now();
    const answer = await server.request({ method: 'GET', url: '/api/config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-ratelimit-limit']).toBeDefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
