import { LIST_COLUMN_NAMES } from '../../db/work-list-row';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../db/site-time-sql';
import type { Executor } from '../../db/executor';

/** Marks as stored: 1 想看, 2 看过 (migration 0016). */
export const MARK_CODE = { want: 1, watched: 2 } as const;

/** The tallies column that counts each mark. */
const TALLY = { 1: 'wants', 2: 'watched' } as const;

/** A member's 想看 / 看过 marks on works. */
export function createMarksRepo(db: Kysely<DB>) {
  return {
    /** Whether the work can be marked: a hidden work is not found, as in the catalogue. */
    async workExists(workId: string): Promise<boolean> {
      const row = await db
        .selectFrom('works')
        .select('id')
        .where('id', '=', workId)
        .where('hidden', '=', false)
        .executeTakeFirst();
      return row !== undefined;
    },

    async markOf(userId: string, workId: string, trx: Executor = db): Promise<number | null> {
      const row = await trx
        .selectFrom('work_marks')
        .select('mark')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .executeTakeFirst();
      return row?.mark ?? null;
    },

    /** Sets the mark (a new one replaces the old, stamped now). */
    async upsertMark(userId: string, workId: string, mark: number, trx: Executor): Promise<void> {
      await trx
        .insertInto('work_marks')
        .values({ user_id: userId, work_id: workId, mark })
        .onConflict((oc) => oc.columns(['user_id', 'work_id']).doUpdateSet({ mark, marked_at: sql`now()` }))
        .execute();
    },

    async deleteMark(userId: string, workId: string, trx: Executor): Promise<void> {
      await trx
        .deleteFrom('work_marks')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .execute();
    },

    async addToTally(userId: string, mark: number, delta: 1 | -1, trx: Executor): Promise<void> {
      const column = TALLY[mark as 1 | 2];
      await trx
        .updateTable('member_tallies')
        .set({ [column]: sql`GREATEST(${sql.ref(column)} + ${delta}, 0)` })
        .where('user_id', '=', userId)
        .execute();
    },

    /** The member's works with one mark, newest mark first; hidden works are left out (the marks stay). */
    async markedWorks(userId: string, mark: number, limit: number, offset: number) {
      return db
        .selectFrom('work_marks as m')
        .innerJoin('works as w', 'w.id', 'm.work_id')
        .where('m.user_id', '=', userId)
        .where('m.mark', '=', mark)
        .where('w.hidden', '=', false)
        .select([...LIST_COLUMN_NAMES, shanghaiTime('m.marked_at').as('add_time')])
        .orderBy('m.marked_at', 'desc')
        .orderBy('m.work_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** The newest `limit` work ids with one mark. */
    async markedIds(userId: string, mark: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('work_marks')
        .select('work_id')
        .where('user_id', '=', userId)
        .where('mark', '=', mark)
        .orderBy('marked_at', 'desc')
        .orderBy('work_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.work_id);
    },
  };
}
