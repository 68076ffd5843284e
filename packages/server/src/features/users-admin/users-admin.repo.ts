import { isInt64Id } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { likePrefix } from '../../db/like';
import { shanghaiTime, shanghaiTimeOrNull, SITE_TIME_ZONE } from '../../db/site-time-sql';
import { type Executor, inTransaction } from '../../db/executor';

/** A user as the console shows it. */
export interface StaffUserRecord {
  userId: string;
  userName: string;
  email: string;
  levelId: number;
  groupName: string;
  vipUntil: string | null;
  roles: string[];
  disabled: boolean;
  createTime: string;
  lastLoginTime: string | null;
}

/** What one console change sets (each part optional). */
export interface UserChanges {
  /** `YYYY-MM-DD HH:mm:ss` Asia/Shanghai: VIP (level 2 or the higher one held) until then; null: no VIP. */
  vipUntil?: string | null | undefined;
  disabled?: boolean | undefined;
  roles?: string[] | undefined;
}

/** The paid level while vip_until lies ahead, else member (the rule of session.repo and accounts.repo). */
const EFFECTIVE_LEVEL = sql<number>`CASE WHEN u.vip_until > now() THEN u.level_id ELSE LEAST(u.level_id, 1) END`;
/** The lowest VIP level: what a VIP expiry set by staff grants, unless a higher one is held. */
const VIP_LEVEL = 2;

/** Users for the operators' console: find, list, and the changes staff make. */
export function createUsersAdminRepo(db: Kysely<DB>) {
  const select = (on: Executor = db) =>
    on
      .selectFrom('users as u')
      .innerJoin('levels as l', (join) => join.on('l.id', '=', EFFECTIVE_LEVEL))
      .select([
        'u.id as userId',
        'u.user_name as userName',
        'u.email',
        'l.id as levelId',
        'l.group_name as groupName',
        shanghaiTimeOrNull('u.vip_until').as('vipUntil'),
        'u.roles',
        sql<boolean>`u.disabled_at IS NOT NULL`.as('disabled'),
        shanghaiTime('u.created_at').as('createTime'),
        shanghaiTimeOrNull('u.last_login_at').as('lastLoginTime'),
      ]);

  return {
    /** Runs `work` in one transaction (the service's change and its audit entry together). */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),

    /** Users newest first; `keyword`: a name prefix (any case), an exact id or an e-mail (any case). */
    async list(
      keyword: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: StaffUserRecord[]; total: number }> {
      let where = db.selectFrom('users as u');
      if (keyword !== undefined) {
        const key = keyword.toLowerCase();
        where = where.where((eb) =>
          eb.or([
            eb('u.user_name_key', 'like', likePrefix(key)),
            eb(sql`lower(u.email)`, '=', key),
            ...(isInt64Id(keyword) ? [eb('u.id', '=', keyword)] : []),
          ]),
        );
      }
      const ids = where.select('u.id');
      const [rows, count] = await Promise.all([
        select()
          .where('u.id', 'in', ids)
          .orderBy('u.created_at', 'desc')
          .orderBy('u.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        where.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(normalise), total: Number(count.n) };
    },

    async find(userId: string, trx: Executor = db): Promise<StaffUserRecord | undefined> {
      const row = await select(trx).where('u.id', '=', userId).executeTakeFirst();
      return row && normalise(row);
    },

    /** Locks the user's row until the transaction ends (one console change at a time); false: none. */
    async lock(userId: string, trx: Executor): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Applies the changes on the caller's transaction. Disabling also ends every login of the
     * user, so its access and refresh tokens stop at once. Answers false when there is no such user.
     */
    async update(userId: string, changes: UserChanges, trx: Executor): Promise<boolean> {
      const set: Record<string, unknown> = {};
      if (changes.vipUntil === null) {
        Object.assign(set, { vip_until: null, level_id: 1 });
      } else if (changes.vipUntil !== undefined) {
        Object.assign(set, {
          vip_until: sql<Date>`(${changes.vipUntil}::timestamp AT TIME ZONE ${sql.lit(SITE_TIME_ZONE)})`,
          level_id: sql<number>`GREATEST(level_id, ${VIP_LEVEL})`,
        });
      }
      if (changes.disabled === true) set.disabled_at = sql<Date>`COALESCE(disabled_at, now())`;
      if (changes.disabled === false) set.disabled_at = null;
      if (changes.roles !== undefined) set.roles = sql<string[]>`${sql.val(changes.roles)}::text[]`;
      const updated = await trx
        .updateTable('users')
        .set(Object.keys(set).length > 0 ? set : { id: sql`id` })
        .where('id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return false;
      if (changes.disabled === true) {
        await trx
          .updateTable('login_sessions')
          .set({ revoked_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
      }
      return true;
    },
  };
}

export type UsersAdminRepo = ReturnType<typeof createUsersAdminRepo>;

function normalise<T extends { levelId: number; disabled: boolean }>(row: T): T {
  return { ...row, levelId: Number(row.levelId), disabled: Boolean(row.disabled) };
}
