import { LRUCache } from 'lru-cache';
import type { FastifyReply } from 'fastify';
import type { CatalogueService } from './catalogue.service';

/** How long a catalogue answer is reused. Catalogue data changes by imports, not by visitors. */
export const CATALOGUE_CACHE_MS = 10_000;
const MAX_ENTRIES = 5_000;

/**
 * The answers kept by this process (decision 006). One per app: the catalogue's routes read
 * through it, and writers in the same process (the console's works and imports) `clear()` it so
 * a hidden work or an import shows at once here; other server instances catch up within the TTL.
 */
export interface CatalogueCache {
  readonly ttlMs: number;
  /** Moves on at every `clear()`: an answer read before it is not stored after it. */
  readonly generation: number;
  get(key: string): { value: unknown } | undefined;
  set(key: string, entry: { value: unknown }): void;
  clear(): void;
}

/** A cache of catalogue answers; a TTL of 0 or less keeps nothing. */
export function createCatalogueCache(ttlMs = CATALOGUE_CACHE_MS): CatalogueCache {
  const lru = new LRUCache<string, { value: unknown }>({ max: MAX_ENTRIES, ttl: Math.max(ttlMs, 1) });
  let generation = 0;
  return {
    ttlMs,
    get generation() {
      return generation;
    },
    get: (key) => lru.get(key),
    set: (key, entry) => {
      lru.set(key, entry);
    },
    clear: () => {
      generation += 1;
      lru.clear();
    },
  };
}

/** The reads that need the answer as an object: the first-screen reader and a signed-in detail. */
export type CachedReads = Pick<CatalogueService, 'listWorks' | 'workDetail'>;

/**
 * The two reads kept as objects, for the callers that need an object rather than a body: the
 * first-screen reader, which builds the page's data from them, and a signed-in caller's detail,
 * which gets its own flags on a copy. Keys are `object.<method>:<arguments>`; failures are not
 * kept. Routes send their answers through `createAnswerSender` instead, which keeps each answer
 * once, serialised.
 */
export function cachedReads(service: CachedReads, cache: CatalogueCache): CachedReads {
  const cached = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) => {
    return async (...args: A): Promise<R> => {
      if (cache.ttlMs <= 0) return fn(...args);
      const key = `object.${name}:${JSON.stringify(args)}`;
      const hit = cache.get(key);
      if (hit) return hit.value as R;
      // A read that began before a writer's clear() may hold what the writer just changed.
      const generation = cache.generation;
      const value = await fn(...args);
      if (cache.generation === generation) cache.set(key, { value });
      return value;
    };
  };
  return {
    listWorks: cached('listWorks', service.listWorks),
    workDetail: cached('workDetail', service.workDetail),
  };
}

/**
 * The catalogue's answers, kept whole and serialised for a few seconds in this process (decision
 * 006): anonymous catalogue reads are the same for every visitor, so a burst of visitors on a
 * new release costs one query per distinct page, and a hit sends the JSON it serialised — and
 * checked against the route's response schema — when it was stored, where it would check the
 * same object against the schema and serialise it again at every request (13 % of a hit's time,
 * docs/profiles). Keys are `<call>:<arguments>`; failures are not kept; writers' `clear()` drops
 * them all. With a TTL of 0 it keeps nothing.
 */
export function createAnswerSender(cache: CatalogueCache) {
  return async function sendAnswer<T>(reply: FastifyReply, key: string, read: () => Promise<T>) {
    if (cache.ttlMs <= 0) return reply.send(await read());
    const hit = cache.get(key);
    let body = hit?.value as ReturnType<FastifyReply['serialize']> | undefined;
    if (body === undefined) {
      // A read that began before a writer's clear() may hold what the writer just changed.
      const generation = cache.generation;
      body = reply.serialize(await read());
      if (cache.generation === generation) cache.set(key, { value: body });
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}

export type AnswerSender = ReturnType<typeof createAnswerSender>;
