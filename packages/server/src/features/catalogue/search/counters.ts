import { LRUCache } from 'lru-cache';
import type { GramCount } from './planner';
import type { WorksScope } from '../works-list.repo';

/** The counter reads a search is sized by (works-list.repo, search/works.repo). */
export interface CounterReads {
  scopeTotal(scope: WorksScope): Promise<number>;
  gramsCounts(grams: string[]): Promise<GramCount[]>;
}

/** How many scopes and grams one process keeps the counts of, for the current catalogue version. */
const MAX_KEPT = 50_000;

/**
 * The counters a keyword search is planned from, kept in this process for one catalogue version
 * (decision 016). A cached search reads the version anyway, and every write that moves a counter
 * (the works and their links, through their triggers) moves the version in the same transaction,
 * so counts kept under a version are that version's — or, read just after a write committed,
 * newer ones, which only a reader of the old version can meet, as with the search cache itself.
 * A search that misses the answer cache then reads only its plan's own statements, not the
 * scope's size and the grams' counts again: those are the same few for most searches.
 */
export function versionedCounters(reads: CounterReads) {
  let version: bigint | undefined;
  const scopes = new LRUCache<string, number>({ max: MAX_KEPT });
  const grams = new LRUCache<string, GramCount[]>({ max: MAX_KEPT });

  return {
    /** The counter reads as of `current`, the catalogue version the caller has just read. */
    at(current: string): CounterReads {
      const asOf = BigInt(current);
      // A request that read the version before a write committed: the counts kept are newer.
      if (version !== undefined && asOf < version) return reads;
      if (asOf !== version) {
        version = asOf;
        scopes.clear();
        grams.clear();
      }
      const keep = () => version === asOf;
      return {
        async scopeTotal(scope) {
          const key = JSON.stringify([scope.channels, scope.sinceDate ?? null, scope.onlyWithMagnets]);
          const kept = scopes.get(key);
          if (kept !== undefined) return kept;
          const total = await reads.scopeTotal(scope);
          if (keep()) scopes.set(key, total);
          return total;
        },
        async gramsCounts(asked) {
          const counts = new Map(asked.map((gram) => [gram, grams.get(gram)]));
          const missing = [...counts].filter(([, kept]) => kept === undefined).map(([gram]) => gram);
          if (missing.length > 0) {
            const found = await reads.gramsCounts(missing);
            for (const gram of missing) {
              const rows = found.filter((c) => c.gram === gram);
              counts.set(gram, rows);
              if (keep()) grams.set(gram, rows);
            }
          }
          return [...counts.values()].flatMap((rows) => rows!);
        },
      };
    },
  };
}
