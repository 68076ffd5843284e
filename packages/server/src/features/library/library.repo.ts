import { LIST_COLUMN_NAMES } from '../../db/work-list-row';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../db/site-time-sql';
import { inTransaction, type Executor } from '../../db/executor';

/** The database, or a transaction on it: every write method takes one. */

/**
 * The library's reads and writes of works and likes: whether a work exists, its like and
 * collect counters, the caller's likes and the detail page's flags.
 */
export function createLibraryRepo(db: Kysely<DB>) {
  return {
    /** Runs `work` in one transaction; a throw rolls every write back. */
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /** Whether the work can be liked or collected: a hidden work is not found, as in the catalogue. */
    async workExists(workId: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('works')
        .select('id')
        .where('id', '=', workId)
        .where('hidden', '=', false)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** True when the like is new (a repeat, even a parallel one, inserts nothing). */
    async insertLike(userId: string, workId: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .insertInto('likes')
        .values({ user_id: userId, work_id: workId })
        .onConflict((oc) => oc.columns(['user_id', 'work_id']).doNothing())
        .returning('work_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** True when a like was there to remove. */
    async deleteLike(userId: string, workId: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .deleteFrom('likes')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .returning('work_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async addToLikeCount(workId: string, delta: 1 | -1, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('works')
        .set({ like_count: sql`GREATEST(like_count + ${delta}, 0)` })
        .where('id', '=', workId)
        .execute();
    },

    async addToCollectCount(workId: string, delta: 1 | -1, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('works')
        .set({ collect_count: sql`GREATEST(collect_count + ${delta}, 0)` })
        .where('id', '=', workId)
        .execute();
    },

    /**
     * Removes a member's likes, folders and copy counts (注销账号), each work's like and collect
     * counters taken down with them: collect_count counts members holding the work at all.
     */
    async forgetMember(userId: string, trx: Executor): Promise<void> {
      await sql`UPDATE works w SET like_count = GREATEST(w.like_count - 1, 0)
        FROM likes l WHERE l.user_id = ${userId} AND l.work_id = w.id`.execute(trx);
      await sql`UPDATE works w SET collect_count = GREATEST(w.collect_count - 1, 0)
        FROM (SELECT DISTINCT work_id FROM collect_entries WHERE user_id = ${userId}) e
        WHERE e.work_id = w.id`.execute(trx);
      await trx.deleteFrom('likes').where('user_id', '=', userId).execute();
      // Their entries go with them (ON DELETE CASCADE).
      await trx.deleteFrom('collect_folders').where('user_id', '=', userId).execute();
      await trx.deleteFrom('copy_counts').where('user_id', '=', userId).execute();
    },

    /** The caller's liked works, newest like first; hidden works are left out (the likes stay). */
    async likedWorks(userId: string, limit: number, offset: number) {
      const liked = db
        .selectFrom('likes as l')
        .innerJoin('works as w', 'w.id', 'l.work_id')
        .where('l.user_id', '=', userId)
        .where('w.hidden', '=', false);
      const [rows, count] = await Promise.all([
        liked
          .select([...LIST_COLUMN_NAMES, shanghaiTime('l.created_at').as('add_time')])
          .orderBy('l.created_at', 'desc')
          .orderBy('l.work_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        liked.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** Whether the user likes the work and holds it in any folder, in one round trip. */
    async workFlags(userId: string, workId: string): Promise<{ like: boolean; collect: boolean }> {
      const result = await sql<{ like: boolean; collect: boolean }>`
        SELECT
          EXISTS (SELECT 1 FROM likes WHERE user_id = ${userId} AND work_id = ${workId}) AS "like",
          EXISTS (SELECT 1 FROM collect_entries WHERE user_id = ${userId} AND work_id = ${workId})
            AS "collect"`.execute(db);
      const row = result.rows[0];
      return { like: Boolean(row?.like), collect: Boolean(row?.collect) };
    },
  };
}

export type LibraryRepo = ReturnType<typeof createLibraryRepo>;
