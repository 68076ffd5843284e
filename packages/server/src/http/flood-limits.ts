import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { SERVER_MSG } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';
import type { FloodCountersRepo } from './flood-counters.repo';

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

/** Where the counts live; the first one given wins. */
export interface FloodCounterStores {
  /** REDIS_URL: every instance shares the counts, at one round trip per request. */
  redis?: { client: Redis; keyPrefix: string } | undefined;
  /** PostgreSQL without Redis: every instance shares the counts in `flood_counters`. */
  database?: FloodCountersRepo | undefined;
}

/**
 * Adds @fastify/rate-limit without a global limit: a route opts in with {@link floodLimit}.
 * Counts live in Redis, else in PostgreSQL, so any number of instances count one address
 * together; only with neither (PGlite, which is one process by nature) in this process. A
 * failing store lets the request through rather than refusing logins. Over: 429 in the envelope.
 */
export async function addFloodLimits(app: FastifyInstance, stores: FloodCounterStores = {}): Promise<void> {
  const { redis, database } = stores;
  const store = redis
    ? { redis: redis.client, nameSpace: `${redis.keyPrefix}flood:` }
    : database
      ? { store: databaseStore(database) }
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
