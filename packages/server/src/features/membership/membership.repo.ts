import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { inTransaction, type Executor } from '../../db/executor';

/** A user's membership as it stands after a grant. */
export interface MembershipRow {
  levelId: number;
  groupName: string;
  /** When VIP ends; null when never VIP. */
  vipUntil: Date | null;
}

/**
 * VIP grants: the one place that moves a user's level and expiry, for payments and activation
 * codes alike. Callers run it inside the transaction that records why (the paid order, the
 * redeemed code), so a grant happens exactly when its reason is recorded.
 */
export function createMembershipRepo(db: Kysely<DB>) {
  return {
    /**
     * Adds `days` of level `levelId` to the user: from the current expiry while it lies ahead,
     * else from now. A higher level already held is kept.
     */
    async extendVip(
      grant: { userId: string; days: number; levelId: number },
      trx: Executor,
    ): Promise<MembershipRow> {
      const row = await trx
        .updateTable('users')
        .set({
          level_id: sql<number>`GREATEST(CASE WHEN vip_until > now() THEN level_id ELSE 1 END, ${grant.levelId})`,
          vip_until: sql<Date>`GREATEST(COALESCE(vip_until, now()), now()) + make_interval(days => ${grant.days})`,
        })
        .where('id', '=', grant.userId)
        .returning(['level_id', 'vip_until'])
        .executeTakeFirstOrThrow();
      const level = await trx
        .selectFrom('levels')
        .select('group_name')
        .where('id', '=', row.level_id)
        .executeTakeFirstOrThrow();
      return { levelId: row.level_id, groupName: level.group_name, vipUntil: row.vip_until };
    },

    /** Runs `work` in one transaction (a grant and its reason together). */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),
  };
}

export type MembershipRepo = ReturnType<typeof createMembershipRepo>;
