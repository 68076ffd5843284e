import { DELETION_MSG } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import { inTransaction, type Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { shanghaiTimeOf } from '../../db/site-time-sql';

/** The tables that hold only the member's own rows, counting nothing anyone else sees. */
const OWN_ROWS = [
  'follows',
  'work_marks',
  'member_tallies',
  'play_positions',
  'stream_slots',
  'cloud_downloads',
  'redeem_failures',
  'login_sessions',
  'account_tokens',
  'recovery_codes',
] as const;

/**
 * 注销账号's rows (decision 069): the request and its undoing, the queue of accounts whose
 * cooling-off period is over, and what the deletion does to the rows that are the member's
 * alone. The rows that feed totals others see (likes, folders, ratings) are their features'
 * to remove, with the recounts.
 */
export function createDeletionRepo(db: Kysely<DB>) {
  return {
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /** The account as the request needs it; undefined once deleted. */
    account(userId: string) {
      return db
        .selectFrom('users')
        .select(['password_hash', 'roles', 'deletion_requested_at'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Marks the request (a repeat keeps the first time) and ends every login, in one
     * transaction; the day it will be done, in site time.
     */
    async request(
      userId: string,
      coolingOffDays: number,
    ): Promise<{ deleteAt: string; endedSessions: number }> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .updateTable('users')
          .set({ deletion_requested_at: sql<Date>`coalesce(deletion_requested_at, now())` })
          .where('id', '=', userId)
          .returning(
            shanghaiTimeOf(
              sql`(deletion_requested_at + make_interval(days => ${coolingOffDays}::int))::timestamptz`,
            ).as('deleteAt'),
          )
          .executeTakeFirstOrThrow();
        const ended = await trx
          .updateTable('login_sessions')
          .set({ revoked_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return { deleteAt: row.deleteAt, endedSessions: Number(ended.numUpdatedRows) };
      });
    },

    /** Undoes a pending request; true when there was one (a login during the cooling-off period). */
    async cancel(userId: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ deletion_requested_at: null })
        .where('id', '=', userId)
        .where('deletion_requested_at', 'is not', null)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Accounts whose cooling-off period is over, oldest request first. */
    async due(coolingOffDays: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where(
          'deletion_requested_at',
          '<=',
          sql<Date>`now() - make_interval(days => ${coolingOffDays}::int)`,
        )
        .where('deleted_at', 'is', null)
        .orderBy('deletion_requested_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Locks a due account for its deletion, answering its name's key; undefined when another server has it, or a login undid
     * the request meanwhile, or it is done already.
     */
    async lockDue(
      userId: string,
      coolingOffDays: number,
      trx: Executor,
    ): Promise<{ userNameKey: string } | undefined> {
      return trx
        .selectFrom('users')
        .select('user_name_key as userNameKey')
        .where('id', '=', userId)
        .where(
          'deletion_requested_at',
          '<=',
          sql<Date>`now() - make_interval(days => ${coolingOffDays}::int)`,
        )
        .where('deleted_at', 'is', null)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
    },

    /** Removes the rows that are the member's alone: follows, marks, positions, logins, links… */
    async removeOwnRows(userId: string, trx: Executor): Promise<void> {
      for (const table of OWN_ROWS) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    },

    /**
     * What stays of the account: a row with no personal data, so orders and payment events
     * (kept for accounting) and support threads still have a user, named 已注销用户 wherever they
     * show it. A digest of the name's key stays, so no one else can take the name; nothing can
     * log in to it.
     */
    async tombstone(userId: string, reservedKey: string, trx: Executor): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          user_name: DELETION_MSG.deletedUser,
          user_name_key: reservedKey,
          email: '',
          password_hash: '',
          avatar: '',
          roles: sql<string[]>`'{member}'::text[]`,
          level_id: 1,
          vip_until: null,
          last_login_at: null,
          email_verified_at: null,
          last_export_at: null,
          deleted_at: sql<Date>`now()`,
        })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type DeletionRepo = ReturnType<typeof createDeletionRepo>;
