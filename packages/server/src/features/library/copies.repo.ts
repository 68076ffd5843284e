import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

/** Daily magnet-copy counts per user (the day is the site's, Asia/Shanghai). */
export function createCopiesRepo(db: Kysely<DB>) {
  return {
    /**
     * Raises the user's count for the day by one unless it has reached `cap` (null: no cap), in
     * one statement, so parallel copies at the cap cannot both pass. Answers the new count, or
     * null when the cap held it back.
     */
    async recordCopy(userId: string, day: string, cap: number | null, trx: Executor = db) {
      const row = await trx
        .insertInto('copy_counts')
        .values({ user_id: userId, day, copies: 1 })
        .onConflict((oc) => {
          const raise = oc.columns(['user_id', 'day']).doUpdateSet({ copies: sql`copy_counts.copies + 1` });
          return cap === null ? raise : raise.where('copy_counts.copies', '<', cap);
        })
        .returning('copies')
        .executeTakeFirst();
      return row ? row.copies : null;
    },

    async copiesOn(userId: string, day: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('copy_counts')
        .select('copies')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return row?.copies ?? 0;
    },
  };
}

export type CopiesRepo = ReturnType<typeof createCopiesRepo>;
