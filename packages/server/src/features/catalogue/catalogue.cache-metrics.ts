import type { CatalogueCache } from './catalogue.cache';

/** Records one lookup: `call` is the service method, e.g. `listWorks`. */
export type CacheLookupRecorder = (call: string, result: 'hit' | 'miss') => void;

/**
 * The same cache, counting each lookup as a hit or a miss for /metrics (a falling hit rate
 * means more distinct pages than the cache holds, or a TTL too short for the traffic). The
 * call is the key's first part: answers are `<call>:<arguments>`, objects `object.<call>:…`.
 */
export function countingCatalogueCache(cache: CatalogueCache, record: CacheLookupRecorder): CatalogueCache {
  return {
    get ttlMs() {
      return cache.ttlMs;
    },
    get generation() {
      return cache.generation;
    },
    get(key) {
      const entry = cache.get(key);
      const colon = key.indexOf(':');
      record(colon > 0 ? key.slice(0, colon) : 'other', entry ? 'hit' : 'miss');
      return entry;
    },
    set: (key, entry) => cache.set(key, entry),
    clear: () => cache.clear(),
  };
}
