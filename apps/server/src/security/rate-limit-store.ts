// Where @fastify/rate-limit keeps its counters: in the service's PostgreSQL database, or in Redis
// when REDIS_URL is set. Every instance behind a load balancer counts into the same place, so
// N instances enforce one limit per client, not N.
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';

/** A window's count for one key: the hits so far and the milliseconds until the window ends. */
interface Hits {
  current: number;
  ttl: number;
}

/** A counter shared by every instance. */
interface HitCounter {
  /** Adds one hit to `key`, opening a new window of `windowMs` when the last one has ended. */
  hit: (key: string, windowMs: number) => Promise<Hits>;
  close: () => Promise<void>;
}

const PURGE_EVERY_MS = 60_000;

/**
 * Counters in the `rate_limit` table: one atomic upsert per hit, so concurrent hits from several
 * instances never lose a count. Ended windows are deleted at most once a minute per instance.
 */
const postgresCounter = (db: Db, clock: Clock): HitCounter => {
  let lastPurge = 0;
  const purge = async (now: Date) => {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now.getTime();
    await db.deleteFrom('rate_limit').where('reset_at', '<=', now).execute();
  };
  return {
    hit: async (key, windowMs) => {
      const now = clock();
      await purge(now);
      const row = await db
        .insertInto('rate_limit')
        .values({ key, hits: 1, reset_at: new Date(now.getTime() + windowMs) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limit.reset_at <= ${now}
              THEN 1 ELSE rate_limit.hits + 1 END`,
            reset_at: sql<Date>`CASE WHEN rate_limit.reset_at <= ${now}
              THEN excluded.reset_at ELSE rate_limit.reset_at END`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { current: row.hits, ttl: Math.max(0, row.reset_at.getTime() - now.getTime()) };
    },
    close: async () => {},
  };
};

// INCR, and start the window's expiry on the first hit (or if a key somehow has none).
const REDIS_HIT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

export const REDIS_KEY_PREFIX = 'eta-il:rate-limit:';

/** Counters in Redis: INCR and PEXPIRE in one Lua script, atomic on the Redis server. */
const redisCounter = (redis: Redis, prefix = REDIS_KEY_PREFIX): HitCounter => ({
  hit: async (key, windowMs) => {
    const answer = await redis.eval(REDIS_HIT, 1, `${prefix}${key}`, windowMs);
    if (!Array.isArray(answer) || answer.length !== 2) {
      throw new Error('Unexpected answer from the Redis rate-limit script');
    }
    return { current: Number(answer[0]), ttl: Number(answer[1]) };
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
const sharedStoreClass = (counter: HitCounter): FastifyRateLimitStoreCtor => {
  class SharedStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: Hits) => void,
      timeWindow: number,
    ): void {
      counter.hit(`${this.scope}:${key}`, timeWindow).then(
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
  const counter = redisUrl ? redisCounter(connectRedis(app, redisUrl)) : postgresCounter(db, clock);
  app.addHook('onClose', counter.close);
  const logged: HitCounter = {
    hit: (key, windowMs) =>
      counter.hit(key, windowMs).catch((error: unknown) => {
        app.log.warn({ err: error }, 'rate-limit store unavailable; request not counted');
        throw error;
      }),
    close: counter.close,
  };
  return { store: sharedStoreClass(logged), skipOnError: true };
};
