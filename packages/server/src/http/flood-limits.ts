import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { SERVER_MSG } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../redis/redis-link';
import { tooManyRequests } from './errors';
import type { FloodCountersRepo } from './flood-counters.repo';
import { LocalStore, RedisStore } from './rate-limit-stores';

/**
 * Requests one client address may make to the calls that cost the server most for an
 * anonymous caller: a captcha row, an argon2 hash (and a member's password change, which guesses
 * the current password as a login would). (Failed logins have their own limits per
 * account and address: features/accounts/login-limits.ts.)
 */
export const FLOOD_LIMITS = {
  captcha: { max: 60, timeWindow: '1 minute' },
  register: { max: 20, timeWindow: '10 minutes' },
  login: { max: 60, timeWindow: '1 minute' },
  /** A change checks the current password (an argon2 hash) and writes a new one. */
  password: { max: 10, timeWindow: '10 minutes' },
  /** 忘记密码, the mailed links and recovery codes: each may write a link or a password. */
  recovery: { max: 10, timeWindow: '10 minutes' },
} as const;

export type FloodLimitedCall = keyof typeof FLOOD_LIMITS;

/** Where the counts live. */
export interface FloodCounterStores {
  /** REDIS_URL: every instance shares the counts, at one round trip per request. */
  redis?: { link: RedisLink; keyPrefix: string } | undefined;
  /**
   * PostgreSQL: every instance shares the counts in `flood_counters` — without Redis, and while
   * Redis does not answer.
   */
  database?: FloodCountersRepo | undefined;
}

/**
 * Adds @fastify/rate-limit without a global limit: a route opts in with {@link floodLimit}.
 * Counts live in Redis, else in PostgreSQL, so any number of instances count one address
 * together; only with neither (PGlite, which is one process by nature) in this process. While
 * Redis does not answer they are counted where they would be without it, afresh (decision 080):
 * a limit holds through an outage, at worst one window's allowance more at each switch. Only a
 * failing database as well lets the request through, rather than refusing every login: the
 * failed-login locks (features/accounts/login-limits.ts) are in the database and hold anyway.
 * Over: 429 in the envelope.
 */
export async function addFloodLimits(app: FastifyInstance, stores: FloodCounterStores = {}): Promise<void> {
  const { redis, database } = stores;
  const withoutRedis = database ? databaseStore(database) : undefined;
  const store = redis
    ? { store: failoverStore(redis.link, `${redis.keyPrefix}flood:`, withoutRedis) }
    : withoutRedis
      ? { store: withoutRedis }
      : {};
  await app.register(rateLimit, {
    global: false,
    ...store,
    skipOnError: true,
    errorResponseBuilder: () => tooManyRequests(SERVER_MSG.tooManyRequests),
  });
}

/** Route options of a flood-limited call; nothing when limits are off (tests). */
export function floodLimit(call: FloodLimitedCall, enabled: boolean) {
  return enabled ? { config: { rateLimit: FLOOD_LIMITS[call] } } : {};
}

/**
 * A @fastify/rate-limit store over `flood_counters`. The plugin builds it once and asks each
 * limited route for a child; a child's keys start with the route (as the Redis store's do), so
 * each call is counted on its own.
 */
function databaseStore(repo: FloodCountersRepo): FastifyRateLimitStoreCtor {
  class DatabaseFloodStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'flood:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      repo.hit(this.prefix + key, timeWindow ?? 60_000).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Typed as the route's options, the plugin passes its merged limit settings with the
      // route under `routeInfo` (store/RedisStore.js reads it the same way).
      const { routeInfo } = routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } };
      const { method, url } = routeInfo ?? {};
      return new DatabaseFloodStore(undefined, `${this.prefix}${String(method)}${String(url)}-`);
    }
  }
  return DatabaseFloodStore;
}

/**
 * Redis's counts while it answers, the site's own without Redis (`withoutRedis`, else this
 * process's, as on PGlite) while it does not: the plugin's own Redis and local stores, chosen per
 * call by the link. Redis keys are `<REDIS_KEY_PREFIX>flood:<method><route>-<address>`, as the
 * plugin's Redis store has always written them.
 */
function failoverStore(
  link: RedisLink,
  nameSpace: string,
  withoutRedis: FastifyRateLimitStoreCtor | undefined,
): FastifyRateLimitStoreCtor {
  class FailoverFloodStore implements FastifyRateLimitStore {
    private readonly redis: FastifyRateLimitStore;
    private readonly fallback: FastifyRateLimitStore;

    constructor(
      options: ConstructorParameters<FastifyRateLimitStoreCtor>[0],
      pair?: { redis: FastifyRateLimitStore; fallback: FastifyRateLimitStore },
    ) {
      this.redis = pair?.redis ?? new RedisStore(false, false, link.client, nameSpace);
      this.fallback =
        pair?.fallback ?? (withoutRedis ? new withoutRedis(options) : new LocalStore(false, false));
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
      max?: number,
    ): void {
      const on = (store: FastifyRateLimitStore) => () =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) => {
          const done = (error: Error | null, result?: { current: number; ttl: number }) =>
            error || !result ? reject(error ?? new Error('no count')) : resolve(result);
          (store as CountingStore).incr(key, done, timeWindow, max);
        });
      link.run('flood_limit', on(this.redis), on(this.fallback)).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FailoverFloodStore(undefined as never, {
        redis: this.redis.child(routeOptions),
        fallback: this.fallback.child(routeOptions),
      });
    }
  }
  return FailoverFloodStore;
}

/** A store as the plugin calls it: with the route's window and maximum. */
interface CountingStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow?: number,
    max?: number,
  ): void;
}
