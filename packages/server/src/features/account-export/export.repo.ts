import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTime, shanghaiTimeOrNull } from '../../db/site-time-sql';

/** Everything the site holds about one member, read for their export (times in Asia/Shanghai). */
export function createExportRepo(db: Kysely<DB>) {
  return {
    /**
     * Claims today's export: of two asked at once, one wins. False when the last was less than a
     * day ago (or the account is gone).
     */
    async claimExport(userId: string): Promise<boolean> {
      const claimed = await db
        .updateTable('users')
        .set({ last_export_at: sql<Date>`now()` })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('last_export_at', 'is', null),
            eb('last_export_at', '<', sql<Date>`now() - interval '1 day'`),
          ]),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async account(userId: string) {
      return db
        .selectFrom('users')
        .select([
          'id as userId',
          'user_name as userName',
          'email',
          sql<boolean>`email_verified_at IS NOT NULL`.as('emailVerified'),
          shanghaiTime('created_at').as('createdAt'),
          shanghaiTimeOrNull('vip_until').as('vipUntil'),
          'roles',
        ])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    orders: (userId: string) =>
      db
        .selectFrom('orders')
        .select([
          'id as orderId',
          'package_name as packageName',
          'days',
          'amount_cents as amountCents',
          'pay_channel as payChannel',
          'status',
          shanghaiTime('created_at').as('createdAt'),
          shanghaiTimeOrNull('paid_at').as('paidAt'),
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),

    likes: (userId: string) =>
      db
        .selectFrom('likes as l')
        .innerJoin('works as w', 'w.id', 'l.work_id')
        .select(['w.id as workId', 'w.number', 'w.title', shanghaiTime('l.created_at').as('likedAt')])
        .where('l.user_id', '=', userId)
        .orderBy('l.created_at')
        .execute(),

    folders: (userId: string) =>
      db
        .selectFrom('collect_folders')
        .select([
          'id as folderId',
          'name',
          'description',
          'is_private as isPrivate',
          'is_default as isDefault',
          shanghaiTime('created_at').as('createdAt'),
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    folderWorks: (userId: string) =>
      db
        .selectFrom('collect_entries as e')
        .innerJoin('works as w', 'w.id', 'e.work_id')
        .select([
          'e.folder_id as folderId',
          'w.id as workId',
          'w.number',
          'w.title',
          shanghaiTime('e.created_at').as('addedAt'),
        ])
        .where('e.user_id', '=', userId)
        .orderBy('e.created_at')
        .execute(),

    ratings: (userId: string) =>
      db
        .selectFrom('work_ratings as r')
        .innerJoin('works as w', 'w.id', 'r.work_id')
        .select([
          'w.id as workId',
          'w.number',
          'r.stars',
          'r.review',
          'r.hidden',
          shanghaiTime('r.created_at').as('createdAt'),
          shanghaiTime('r.updated_at').as('updatedAt'),
        ])
        .where('r.user_id', '=', userId)
        .orderBy('r.created_at')
        .execute(),

    follows: (userId: string) =>
      db
        .selectFrom('follows')
        .select(['kind', 'entity_id as entityId', shanghaiTime('created_at').as('followedAt')])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),

    marks: (userId: string) =>
      db
        .selectFrom('work_marks as m')
        .innerJoin('works as w', 'w.id', 'm.work_id')
        .select(['w.id as workId', 'w.number', 'm.mark', shanghaiTime('m.marked_at').as('markedAt')])
        .where('m.user_id', '=', userId)
        .orderBy('m.marked_at')
        .execute(),

    playPositions: (userId: string) =>
      db
        .selectFrom('play_positions as p')
        .innerJoin('works as w', 'w.id', 'p.work_id')
        .select([
          'w.id as workId',
          'w.number',
          'p.position_seconds as positionSeconds',
          shanghaiTime('p.updated_at').as('updatedAt'),
        ])
        .where('p.user_id', '=', userId)
        .orderBy('p.updated_at')
        .execute(),

    threads: (userId: string) =>
      db
        .selectFrom('support_threads')
        .select(['id as threadId', 'message', 'status', shanghaiTime('created_at').as('createdAt')])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    threadEntries: (userId: string) =>
      db
        .selectFrom('support_entries as e')
        .innerJoin('support_threads as t', 't.id', 'e.thread_id')
        .select([
          'e.thread_id as threadId',
          'e.type',
          'e.message',
          shanghaiTime('e.created_at').as('createdAt'),
        ])
        .where('t.user_id', '=', userId)
        .orderBy('e.id')
        .execute(),

    cloudRequests: (userId: string) =>
      db
        .selectFrom('cloud_downloads as c')
        .innerJoin('works as w', 'w.id', 'c.work_id')
        .select([
          'w.id as workId',
          'w.number',
          'c.status',
          shanghaiTime('c.created_at').as('createdAt'),
          shanghaiTimeOrNull('c.done_at').as('doneAt'),
        ])
        .where('c.user_id', '=', userId)
        .orderBy('c.created_at')
        .execute(),

    logins: (userId: string) =>
      db
        .selectFrom('login_sessions')
        .select([
          'ip',
          'user_agent as userAgent',
          shanghaiTime('created_at').as('createdAt'),
          shanghaiTimeOrNull('revoked_at').as('endedAt'),
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
  };
}
