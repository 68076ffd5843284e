import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Flood-limit counters in the database (the `flood_counters` table), shared by every instance. */
export function createFloodCountersRepo(db: Kysely<DB>) {
  return {
    /**
     * Counts one request against `key` in a fixed window of `windowMs` that starts with its
     * first request; a request after the window starts a new one. One statement, so parallel
     * requests on any instance all count. Answers the count so far and the ms until the reset.
     */
    async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const { rows } = await sql<{ hits: number; ttl_ms: number }>`
        INSERT INTO flood_counters AS c (key, hits, resets_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN c.resets_at <= now() THEN 1 ELSE c.hits + 1 END,
          resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
        RETURNING c.hits, ceil(extract(epoch FROM c.resets_at - now()) * 1000)::int AS ttl_ms
      `.execute(db);
      const [row] = rows;
      if (!row) throw new Error('flood counter: the upsert returned no row');
      return { hits: row.hits, ttlMs: Math.max(0, Number(row.ttl_ms)) };
    },

    /** Drops counters whose window has passed. */
    async deleteExpired(): Promise<number> {
      const result = await db
        .deleteFrom('flood_counters')
        .where('resets_at', '<', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type FloodCountersRepo = ReturnType<typeof createFloodCountersRepo>;
