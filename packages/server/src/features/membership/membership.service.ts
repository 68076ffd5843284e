import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createMembershipRepo, type MembershipRow } from './membership.repo';
import { type Executor } from '../../db/executor';

/**
 * VIP grants for the features that grant them (payments, activation codes): each runs the grant
 * inside the transaction that records its reason, passed last.
 */
export function createMembershipService(db: Kysely<DB>) {
  const membership = createMembershipRepo(db);
  return {
    /** Adds `days` of level `levelId` (see the repo); inside the caller's transaction. */
    extendVip: (
      grant: { userId: string; days: number; levelId: number },
      trx: Executor,
    ): Promise<MembershipRow> => membership.extendVip(grant, trx),

    /** Runs `work` in one transaction: a grant and its reason together. */
    inTransaction: membership.inTransaction,
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
