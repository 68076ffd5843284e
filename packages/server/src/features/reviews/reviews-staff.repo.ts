import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../db/site-time-sql';
import { type Executor } from '../../db/executor';

/**
 * The console's side of members' reviews (decision 044): the queue, and hiding or restoring a
 * review. Staff lock the review's work before the review, as every rating write does.
 */
export function createReviewsStaffRepo(db: Kysely<DB>) {
  return {
    /** The console's queue: reviews with open reports first, then the newest; hidden ones too. */
    async staffReviews(limit: number, offset: number) {
      const reviews = db.selectFrom('work_ratings as r').where('r.review', 'is not', null);
      const [rows, count] = await Promise.all([
        reviews
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .innerJoin('works as w', 'w.id', 'r.work_id')
          .select([
            'r.id as reviewId',
            'r.work_id as workId',
            'w.number as workNumber',
            'w.title as workTitle',
            'w.channel as modId',
            'r.user_id as userId',
            'u.user_name as userName',
            'r.stars',
            sql<string>`r.review`.as('review'),
            shanghaiTime('r.reviewed_at').as('reviewTime'),
            'r.helpful_count as helpful',
            'r.open_reports as openReports',
            'r.hidden',
          ])
          .orderBy(sql`r.open_reports > 0`, 'desc')
          .orderBy('r.reviewed_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        reviews.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** The work a review (with text) belongs to, unlocked: staff lock the work first. */
    reviewWork(reviewId: string, trx: Executor) {
      return trx
        .selectFrom('work_ratings')
        .select('work_id')
        .where('id', '=', reviewId)
        .where('review', 'is not', null)
        .executeTakeFirst();
    },

    /** Locks a work's row whether hidden or not (staff act on reviews of hidden works too). */
    async lockWorkAnyState(workId: string, trx: Executor): Promise<void> {
      await trx.selectFrom('works').select('id').where('id', '=', workId).forUpdate().execute();
    },

    /** Locks any review (with text) for staff; its work's id, to recount. */
    lockReview(reviewId: string, trx: Executor) {
      return trx
        .selectFrom('work_ratings')
        .select(['id', 'work_id', 'hidden'])
        .where('id', '=', reviewId)
        .where('review', 'is not', null)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Hides or restores a review; either way staff have acted on its open reports. */
    async setHidden(reviewId: string, hidden: boolean, trx: Executor): Promise<void> {
      await trx
        .updateTable('work_ratings')
        .set({ hidden, open_reports: 0 })
        .where('id', '=', reviewId)
        .execute();
    },
  };
}
