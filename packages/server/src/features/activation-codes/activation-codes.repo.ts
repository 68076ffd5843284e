import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** Rows written per INSERT when storing a batch. */
const INSERT_CHUNK = 500;

/** Activation codes (stored as hashes only) and failed-redeem counters. */
export function createActivationCodesRepo(db: Kysely<DB>) {
  return {
    /** Stores a batch of code hashes for one package. */
    async insertCodes(
      trx: Transaction<DB>,
      hashes: string[],
      packageId: string,
      batch: string,
    ): Promise<void> {
      for (let i = 0; i < hashes.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('activation_codes')
          .values(
            hashes
              .slice(i, i + INSERT_CHUNK)
              .map((code_hash) => ({ code_hash, package_id: packageId, batch })),
          )
          .execute();
      }
    },

    /**
     * Marks an unused code as redeemed by the user and answers what it grants; undefined when
     * there is no such code or it was used. One UPDATE, so of parallel redemptions PostgreSQL's
     * row lock lets exactly one see `redeemed_at IS NULL`.
     */
    claim(trx: Transaction<DB>, codeHash: string, userId: string) {
      return trx
        .updateTable('activation_codes')
        .from('vip_packages')
        .set({ redeemed_by: userId, redeemed_at: sql<Date>`now()` })
        .whereRef('vip_packages.id', '=', 'activation_codes.package_id')
        .where('activation_codes.code_hash', '=', codeHash)
        .where('activation_codes.redeemed_at', 'is', null)
        .returning(['vip_packages.days', 'vip_packages.level_id as levelId'])
        .executeTakeFirst();
    },

    /** Whether the user's redeem attempts are locked now. */
    async isLocked(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('redeem_failures')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('locked_until', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Counts one wrong code against the user in a window of `windowMinutes` (a new window starts
     * when the old one has passed); reaching `limit` locks redeeming for `windowMinutes`. One
     * statement, so parallel failures all count.
     */
    async recordFailure(userId: string, limit: number, windowMinutes: number): Promise<void> {
      const window = sql`make_interval(mins => ${windowMinutes})`;
      const stale = sql`f.window_started_at <= now() - ${window}`;
      const next = sql`CASE WHEN ${stale} THEN 1 ELSE f.failures + 1 END`;
      await sql`
        INSERT INTO redeem_failures AS f (user_id, failures, window_started_at, locked_until)
        VALUES (${userId}, 1, now(), CASE WHEN 1 >= ${limit} THEN now() + ${window} END)
        ON CONFLICT (user_id) DO UPDATE SET
          failures = ${next},
          window_started_at = CASE WHEN ${stale} THEN now() ELSE f.window_started_at END,
          locked_until = CASE WHEN ${next} >= ${limit} THEN now() + ${window} ELSE f.locked_until END
      `.execute(db);
    },

    /** A redeemed code forgets the user's earlier wrong ones. */
    async clearFailures(userId: string): Promise<void> {
      await db.deleteFrom('redeem_failures').where('user_id', '=', userId).execute();
    },
  };
}

export type ActivationCodesRepo = ReturnType<typeof createActivationCodesRepo>;
