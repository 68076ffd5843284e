import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The shared state that guards the login and register forms, in the database so every server
 * instance sees it: single-use captchas and failed-login counters.
 */
export function createGuardRepo(db: Kysely<DB>) {
  const minutes = (n: number) => sql<Date>`now() + make_interval(mins => ${n})`;

  return {
    /** Stores a captcha answer until `ttlMinutes` from now; sweeps expired ones on the way. */
    async saveCaptcha(id: string, answer: string, ttlMinutes: number): Promise<void> {
      await db
        .deleteFrom('captchas')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
      await db
        .insertInto('captchas')
        .values({ id, answer, expires_at: minutes(ttlMinutes) })
        .execute();
    },

    /**
     * Removes the captcha and answers what it was, so it is checked at most once, right or
     * wrong. `live` is false when it had expired.
     */
    async takeCaptcha(id: string): Promise<{ answer: string; live: boolean } | undefined> {
      return db
        .deleteFrom('captchas')
        .where('id', '=', id)
        .returning(['answer', sql<boolean>`expires_at > now()`.as('live')])
        .executeTakeFirst();
    },

    /**
     * The given counters as they stand now: failures in the current window, and whether the
     * limit was reached (held until `locked_until`). Keys with no counter are absent.
     */
    async failureCounters(keys: string[]): Promise<Map<string, { failures: number; limitReached: boolean }>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('login_failures')
        .select(['key', 'failures', sql<boolean>`coalesce(locked_until > now(), false)`.as('limit_reached')])
        .where('key', 'in', keys)
        .execute();
      return new Map(rows.map((r) => [r.key, { failures: r.failures, limitReached: r.limit_reached }]));
    },

    /**
     * Counts one failure against `key` in a window of `windowMinutes` (a new window starts
     * when the old one has passed); reaching `limit` locks the key for `windowMinutes`.
     * One statement, so parallel failures all count.
     */
    async recordFailure(key: string, limit: number, windowMinutes: number): Promise<void> {
      const window = sql`make_interval(mins => ${windowMinutes})`;
      const stale = sql`f.window_started_at <= now() - ${window}`;
      const next = sql`CASE WHEN ${stale} THEN 1 ELSE f.failures + 1 END`;
      await sql`
        INSERT INTO login_failures AS f (key, failures, window_started_at, locked_until)
        VALUES (${key}, 1, now(), CASE WHEN 1 >= ${limit} THEN now() + ${window} END)
        ON CONFLICT (key) DO UPDATE SET
          failures = ${next},
          window_started_at = CASE WHEN ${stale} THEN now() ELSE f.window_started_at END,
          locked_until = CASE WHEN ${next} >= ${limit} THEN now() + ${window} ELSE f.locked_until END
      `.execute(db);
    },

    async clearFailures(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },

    /** Drops counters whose window and lock have both passed, and expired captchas. */
    async sweep(windowMinutes: number): Promise<void> {
      await db
        .deleteFrom('login_failures')
        .where('window_started_at', '<', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
        .execute();
      await db
        .deleteFrom('captchas')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
    },
  };
}

export type GuardRepo = ReturnType<typeof createGuardRepo>;
