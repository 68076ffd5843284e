import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { RedisLink } from '../../../redis/redis-link';
import type { WorksPage } from './planner';

/**
 * Keyword searches' answers, shared (decision 051): a search costs 3–5 ms of database time at a
 * million works, and visitors ask for the same few keywords again and again. Entries are keyed
 * by the catalogue's version (migration 0020), so any write a search could see — an import, a
 * hide, from any process — makes every older entry unreachable at once; the time to live bounds
 * what the version leaves out (the rankings' counters) and how long unreachable entries stay.
 */
export interface SearchCache {
  get(key: string): Promise<WorksPage | undefined>;
  set(key: string, page: WorksPage): Promise<void>;
}

/** How many answers one process keeps when there is no Redis. */
const MAX_ENTRIES = 20_000;

/** A cache key: the catalogue's version and the request, hashed to a short fixed length. */
export function searchCacheKey(version: string, request: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(request)).digest('base64url').slice(0, 32);
  return `${version}:${digest}`;
}

/** This process's own cache (no REDIS_URL): the embedded database has one server anyway. */
export function memorySearchCache(ttlMs: number): SearchCache {
  const lru = new LRUCache<string, WorksPage>({ max: MAX_ENTRIES, ttl: Math.max(ttlMs, 1) });
  return {
    get: async (key) => lru.get(key),
    set: async (key, page) => {
      lru.set(key, page);
    },
  };
}

/**
 * Shared by every server through Redis (`<REDIS_KEY_PREFIX>search:<version>:<hash>`, a JSON
 * page with PX). A failing call rejects: {@link failoverSearchCache} decides what then.
 */
export function redisSearchCache(redis: Redis, ttlMs: number, keyPrefix: string): SearchCache {
  const full = (key: string) => `${keyPrefix}search:${key}`;
  return {
    async get(key) {
      const value = await redis.get(full(key));
      return value === null ? undefined : (JSON.parse(value) as WorksPage);
    },
    async set(key, page) {
      await redis.set(full(key), JSON.stringify(page), 'PX', Math.max(ttlMs, 1));
    },
  };
}

/**
 * Redis's cache while it answers, this process's while it does not (decision 080): a Redis that
 * fails or is slow costs a search, never an answer, and one that is down is not waited on. The
 * two hold different answers only in what they have seen; both are keyed by the catalogue's
 * version, so neither can show a search older than the catalogue.
 */
export function failoverSearchCache(link: RedisLink, redis: SearchCache, local: SearchCache): SearchCache {
  return {
    get: (key) =>
      link.run(
        'search_cache',
        () => redis.get(key),
        () => local.get(key),
      ),
    set: (key, page) =>
      link.run(
        'search_cache',
        () => redis.set(key, page),
        () => local.set(key, page),
      ),
  };
}
