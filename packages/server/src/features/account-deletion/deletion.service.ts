import { DELETION_MSG, SERVER_MSG } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { badRequest, unauthorized } from '../../http/errors';
import type { Logger } from '../../lib/logger';
import { reservedNameKey } from '../accounts/name-keys';
import { checkPassword } from '../accounts/passwords';
import { createDeletionRepo } from './deletion.repo';

/** A feature whose rows feed totals others see: removes the member's, and recounts, in `trx`. */
export interface MemberForgetter {
  forgetMember(userId: string, trx: Executor): Promise<unknown>;
}

export interface DeletionServiceDeps {
  db: Kysely<DB>;
  /** Where the security events go: deletion requested, cancelled and done. */
  log: Logger;
  /** ACCOUNT_DELETION_DAYS: the cooling-off period. */
  coolingOffDays: number;
  /** The library and the reviews: likes, folders, ratings and the counters they feed. */
  forgetters: MemberForgetter[];
  /** After a run that deleted accounts: the totals they fed have changed (the read cache). */
  onDeleted?: () => void;
}

/** Accounts deleted per run of the job; the rest wait for the next. */
const BATCH = 50;

/**
 * 注销账号 (decision 069): asked for with the password, which ends every login; a login in the
 * cooling-off period undoes it; then the job deletes the account — one transaction per member,
 * so a cut connection leaves it whole, and the next run does it again.
 */
export function createDeletionService({
  db,
  log,
  coolingOffDays,
  forgetters,
  onDeleted,
}: DeletionServiceDeps) {
  const repo = createDeletionRepo(db);

  async function deleteAccount(userId: string): Promise<boolean> {
    return repo.inTransaction(async (trx) => {
      const account = await repo.lockDue(userId, coolingOffDays, trx);
      if (!account) return false;
      for (const feature of forgetters) await feature.forgetMember(userId, trx);
      await repo.removeOwnRows(userId, trx);
      await repo.tombstone(userId, reservedNameKey(account.userNameKey), trx);
      return true;
    });
  }

  return {
    /** Confirmed with the password; staff accounts are refused (their roles go first). */
    async requestDeletion(caller: Caller, password: string): Promise<{ deleteAt: string }> {
      const account = await repo.account(caller.userId);
      if (!account) throw unauthorized(SERVER_MSG.tokenInvalid);
      if (!(await checkPassword(account.password_hash, password))) {
        log.warn({ event: 'deletion.refused', userId: caller.userId }, 'security event');
        throw badRequest(SERVER_MSG.currentPasswordWrong);
      }
      if (account.roles.some((role) => role !== 'member')) throw badRequest(DELETION_MSG.staffRefused);
      const { deleteAt, endedSessions } = await repo.request(caller.userId, coolingOffDays);
      log.info(
        { event: 'deletion.requested', userId: caller.userId, deleteAt, endedSessions },
        'security event',
      );
      return { deleteAt };
    },

    /** A login during the cooling-off period: the request is undone. True when there was one. */
    async cancelOnLogin(userId: string): Promise<boolean> {
      const cancelled = await repo.cancel(userId);
      if (cancelled) log.info({ event: 'deletion.cancelled', userId }, 'security event');
      return cancelled;
    },

    /** Deletes the accounts whose period is over (run hourly); how many it deleted. */
    async runDue(): Promise<number> {
      let deleted = 0;
      for (const userId of await repo.due(coolingOffDays, BATCH)) {
        try {
          if (!(await deleteAccount(userId))) continue;
          deleted += 1;
          log.info({ event: 'deletion.done', userId }, 'security event');
        } catch (error) {
          // Rolled back whole: the next run tries again; the others go on.
          log.error({ err: error, event: 'deletion.failed', userId }, 'account deletion failed');
        }
      }
      if (deleted > 0) onDeleted?.();
      return deleted;
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
