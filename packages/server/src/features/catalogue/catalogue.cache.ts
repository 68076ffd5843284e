import { LRUCache } from 'lru-cache';
import type { CatalogueService } from './catalogue.service';

/** How long a catalogue answer is reused. Catalogue data changes by imports, not by visitors. */
export const CATALOGUE_CACHE_MS = 10_000;
const MAX_ENTRIES = 5_000;

/**
 * Anonymous catalogue reads are the same for every visitor, so each answer is kept for a few
 * seconds in this process: a burst of visitors on a new release costs one query per distinct
 * page. Keys are the method and its validated arguments; failures are not kept. Writers call
 * `clear()`; other server instances catch up within the TTL.
 */
export function cachedCatalogueService(service: CatalogueService, ttlMs = CATALOGUE_CACHE_MS) {
  const cache = new LRUCache<string, { value: unknown }>({ max: MAX_ENTRIES, ttl: ttlMs });

  const cached = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) => {
    return async (...args: A): Promise<R> => {
      if (ttlMs <= 0) return fn(...args);
      const key = `${name}:${JSON.stringify(args)}`;
      const hit = cache.get(key);
      if (hit) return hit.value as R;
      const value = await fn(...args);
      cache.set(key, { value });
      return value;
    };
  };

  return {
    listWorks: cached('listWorks', service.listWorks),
    workDetail: cached('workDetail', service.workDetail),
    listMagnets: cached('listMagnets', service.listMagnets),
    tagGroups: cached('tagGroups', service.tagGroups),
    entityCounts: cached('entityCounts', service.entityCounts),
    performers: cached('performers', service.performers),
    clear: () => cache.clear(),
  } satisfies CatalogueService & { clear(): void };
}
