// Where @fastify/rate-limit keeps its counters: in the service's PostgreSQL database, or in Redis
// when REDIS_URL is set. Every instance behind a load balancer counts into the same place, so
// N instances enforce one limit per client, not N; each claims its hits there in blocks and
// numbers them in memory (rate-limit-claims.ts), so most requests cost no round trip.
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import {
  type ClaimHits,
  type ClaimingCounter,
  claimingCounter,
  type Hits,
} from './rate-limit-claims.ts';

/** A counter shared by every instance. */
interface SharedCounter {
  claim: ClaimHits;
  close: () => Promise<void>;
}

const PURGE_EVERY_MS = 60_000;

/**
 * Counters in the `rate_limit` table: one atomic upsert per claim, so concurrent claims from
 * several instances never lose a count. Ended windows are deleted at most once a minute per
 * instance.
 */
const postgresCounter = (db: Db, clock: Clock): SharedCounter => {
  let lastPurge = 0;
  const purge = async (now: Date) => {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now.getTime();
    await db.deleteFrom('rate_limit').where('reset_at', '<=', now).execute();
  };
  return {
    claim: async (key, windowMs, n) => {
      const now = clock();
      await purge(now);
      const row = await db
        .insertInto('rate_limit')
        .values({ key, hits: n, reset_at: new Date(now.getTime() + windowMs) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limit.reset_at <= ${now}
              THEN excluded.hits ELSE rate_limit.hits + excluded.hits END`,
            reset_at: sql<Date>`CASE WHEN rate_limit.reset_at <= ${now}
              THEN excluded.reset_at ELSE rate_limit.reset_at END`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { total: row.hits, resetAt: row.reset_at.getTime() };
    },
    close: async () => {},
  };
};

// INCRBY, and start the window's expiry on the first claim (or if a key somehow has none).
const REDIS_CLAIM = `
local current = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

export const REDIS_KEY_PREFIX = 'eta-il:rate-limit:';

/** Counters in Redis: INCRBY and PEXPIRE in one Lua script, atomic on the Redis server. */
const redisCounter = (redis: Redis, clock: Clock, prefix = REDIS_KEY_PREFIX): SharedCounter => ({
  claim: async (key, windowMs, n) => {
    const answer = await redis.eval(REDIS_CLAIM, 1, `${prefix}${key}`, windowMs, n);
    if (!Array.isArray(answer) || answer.length !== 2) {
      throw new Error('Unexpected answer from the Redis rate-limit script');
    }
    return { total: Number(answer[0]), resetAt: clock().getTime() + Number(answer[1]) };
  },
  close: async () => {
    // QUIT needs a connection; without one, just stop reconnecting.
    await redis.quit().catch(() => redis.disconnect());
  },
});

/**
 * The scope of a route's own limit. @fastify/rate-limit hands `child` the route's merged limit
 * options (its types say RouteOptions): a `groupId` names a count shared across routes.
 */
const scopeOf = (options: object) => {
  const groupId: unknown = Reflect.get(options, 'groupId');
  if (typeof groupId === 'string') return `group:${groupId}`;
  const route: unknown = Reflect.get(options, 'routeInfo');
  const field = (name: string) =>
    typeof route === 'object' && route !== null ? String(Reflect.get(route, name)) : '';
  return `route:${field('method')} ${field('url')}`;
};

/**
 * A store class for @fastify/rate-limit over a shared counter. The plugin keys each count by the
 * client's IP; a route's own limit gets its own scope, and routes with one `groupId` (the two
 * spellings of the code route) share theirs. The plugin's Redis store keys by route path even
 * with a `groupId`, which is why Redis goes through this class too.
 */
const sharedStoreClass = (counter: ClaimingCounter): FastifyRateLimitStoreCtor => {
  class SharedStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: Hits) => void,
      timeWindow: number,
      max: number,
    ): void {
      counter.hit(`${this.scope}:${key}`, timeWindow, max).then(
        (hits) => callback(null, hits),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): SharedStore {
      return new SharedStore({}, scopeOf(routeOptions));
    }
  }
  return SharedStore;
};

const connectRedis = (app: FastifyInstance, url: string) => {
  const redis = new Redis(url, {
    // Fail fast rather than hold requests while Redis is away; ioredis reconnects by itself.
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    enableAutoPipelining: true,
  });
  redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'Redis connection error'));
  return redis;
};

/**
 * The options that make @fastify/rate-limit count in the shared store: Redis when `redisUrl` is
 * set, else the database. While the store cannot answer, requests pass (`skipOnError`) and each
 * failure is logged: a limiter outage must not become a service outage.
 */
export const sharedRateLimitStore = (
  app: FastifyInstance,
  { db, clock, redisUrl }: { db: Db; clock: Clock; redisUrl: string | undefined },
): { store: FastifyRateLimitStoreCtor; skipOnError: true } => {
  const shared = redisUrl
    ? redisCounter(connectRedis(app, redisUrl), clock)
    : postgresCounter(db, clock);
  app.addHook('onClose', shared.close);
  const logged: ClaimHits = (key, windowMs, n) =>
    shared.claim(key, windowMs, n).catch((error: unknown) => {
      app.log.warn({ err: error }, 'rate-limit store unavailable; request not counted');
      throw error;
    });
  return { store: sharedStoreClass(claimingCounter(logged, clock)), skipOnError: true };
};
