import { REVIEW_LIMITS, type ReviewOrder } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../db/site-time-sql';
import { inTransaction } from '../../db/executor';
import { type Executor } from '../../db/executor';

/** Where review times are counted from for 热门评论's heat (any fixed instant before the first review). */
const HEAT_EPOCH = '2020-01-01T00:00:00Z';
const HALF_LIFE_SECONDS = REVIEW_LIMITS.heatHalfLifeDays * 86_400;

/** A work's rating figures as the summary shows them. */
export interface WorkRatingFigures {
  average: number;
  evaluates: number;
  member_stars: number[];
  review_count: number;
}

/** The caller's own rating row, locked by {@link ReviewsRepo.lockOwnRating}. */
export interface OwnRating {
  id: string;
  stars: number;
  review: string | null;
  hidden: boolean;
}

const REVIEW_COLUMNS = (viewer: string | null) =>
  [
    'r.id as reviewId',
    'u.user_name as userName',
    'r.stars',
    sql<string>`r.review`.as('review'),
    shanghaiTime('r.reviewed_at').as('reviewTime'),
    'r.helpful_count as helpful',
    sql<boolean>`r.user_id IS NOT DISTINCT FROM ${viewer}::bigint`.as('mine'),
    sql<boolean>`EXISTS (SELECT 1 FROM review_helpful h WHERE h.review_id = r.id AND h.user_id = ${viewer}::bigint)`.as(
      'markedHelpful',
    ),
    sql<boolean>`EXISTS (SELECT 1 FROM review_reports p WHERE p.review_id = r.id AND p.user_id = ${viewer}::bigint)`.as(
      'reported',
    ),
  ] as const;

/**
 * One UPDATE setting the rating figures of the works `ids` (a query of `work_id`s) from their
 * visible ratings: members' count, star sum and counts per star, visible reviews, the heat of
 * their times, and the combined average, evaluates and ranking average (decision 044). A work
 * left with no rating goes back to its imported figures.
 */
export function ratingsRecountSql(ids: string): string {
  const perStar = [1, 2, 3, 4, 5].map((n) => `count(*) FILTER (WHERE r.stars = ${n})`).join(', ');
  const combined = 'combined_average(w.imported_average, w.imported_evaluates, s.star_sum, s.n)';
  const evaluates = 'w.imported_evaluates + s.n';
  return `
    WITH ids AS (${ids}),
    r AS (
      SELECT work_id, stars, CASE WHEN review IS NOT NULL THEN
        extract(epoch FROM reviewed_at - '${HEAT_EPOCH}'::timestamptz)::float8 / ${HALF_LIFE_SECONDS} * ln(2)
      END AS x
      FROM work_ratings WHERE work_id IN (SELECT work_id FROM ids) AND NOT hidden
    ), s AS (
      SELECT ids.work_id, count(r.stars)::int AS n, coalesce(sum(r.stars), 0)::int AS star_sum,
        ARRAY[${perStar}]::int[] AS per_star, count(r.x)::int AS reviews, max(r.x) AS top
      FROM ids LEFT JOIN r USING (work_id) GROUP BY ids.work_id
    ), h AS (
      SELECT r.work_id, max(s.top) + ln(sum(exp(r.x - s.top))) AS heat
      FROM r JOIN s USING (work_id) WHERE r.x IS NOT NULL GROUP BY r.work_id
    )
    UPDATE works w SET member_ratings = s.n, member_star_sum = s.star_sum, member_stars = s.per_star,
      review_count = s.reviews, review_heat = coalesce(h.heat, 0),
      average = ${combined}, evaluates = ${evaluates},
      rank_average = CASE WHEN ${evaluates} >= ${REVIEW_LIMITS.minRatingsToRank} THEN ${combined} ELSE 0 END
    FROM s LEFT JOIN h USING (work_id) WHERE w.id = s.work_id`;
}

/**
 * Members' ratings and reviews, and the figures of works they keep on write (decision 044).
 * Every write of a work's ratings runs inside a transaction that first locks the work's row, so
 * writes to one work (and the catalogue import's) follow one another and each recount sees them all.
 */
export function createReviewsRepo(db: Kysely<DB>) {
  return {
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /** Locks a visible work's row until the transaction ends; undefined when unknown or hidden. */
    async lockWork(workId: string, trx: Executor): Promise<boolean> {
      const row = await trx
        .selectFrom('works')
        .select('id')
        .where('id', '=', workId)
        .where('hidden', '=', false)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A visible work's figures; undefined when unknown or hidden. */
    workFigures(workId: string, q: Kysely<DB> = db): Promise<WorkRatingFigures | undefined> {
      return q
        .selectFrom('works')
        .select(['average', 'evaluates', 'member_stars', 'review_count'])
        .where('id', '=', workId)
        .where('hidden', '=', false)
        .executeTakeFirst();
    },

    lockOwnRating(userId: string, workId: string, trx: Executor): Promise<OwnRating | undefined> {
      return trx
        .selectFrom('work_ratings')
        .select(['id', 'stars', 'review', 'hidden'])
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .forUpdate()
        .executeTakeFirst();
    },

    ownRating(userId: string, workId: string): Promise<OwnRating | undefined> {
      return db
        .selectFrom('work_ratings')
        .select(['id', 'stars', 'review', 'hidden'])
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .executeTakeFirst();
    },

    /**
     * Creates or replaces the rating. The review's time is when its text first appeared: an
     * edit keeps it, a rating without text has none.
     */
    async saveRating(
      userId: string,
      workId: string,
      stars: number,
      review: string | null,
      trx: Executor,
    ): Promise<void> {
      await sql`
        INSERT INTO work_ratings AS r (work_id, user_id, stars, review, reviewed_at)
        VALUES (${workId}, ${userId}, ${stars}, ${review}, CASE WHEN ${review}::text IS NULL THEN NULL ELSE now() END)
        ON CONFLICT (user_id, work_id) DO UPDATE SET
          stars = excluded.stars, review = excluded.review, updated_at = now(),
          reviewed_at = CASE WHEN excluded.review IS NULL THEN NULL ELSE coalesce(r.reviewed_at, now()) END`.execute(
        trx,
      );
    },

    async deleteRating(id: string, trx: Executor): Promise<void> {
      await trx.deleteFrom('work_ratings').where('id', '=', id).execute();
    },

    /**
     * Recounts the work's members' side from its visible ratings and sets the combined figures
     * and both ranking columns (decision 044). Reads the work's own ratings only, on write.
     */
    async refreshWork(workId: string, trx: Executor): Promise<WorkRatingFigures> {
      const { rows } = await sql
        .raw<WorkRatingFigures>(
          `${ratingsRecountSql(`SELECT ${BigInt(workId)}::bigint AS work_id`)}
          RETURNING w.average, w.evaluates, w.member_stars, w.review_count`,
        )
        .execute(trx);
      const [row] = rows;
      if (!row) throw new Error(`reviews: work ${workId} vanished under its lock`);
      return row;
    },

    /**
     * Removes a member's ratings, reviews and votes (注销账号): the helpful votes they cast come
     * off the reviews they were cast on, and every work they rated is recounted, its row locked
     * first (in id order) as every ratings write does. A report they made stays counted until
     * staff settle it. Returns the works recounted.
     */
    async forgetMember(userId: string, trx: Executor): Promise<string[]> {
      const rated = await trx
        .selectFrom('works')
        .select('id')
        .where('id', 'in', (eb) =>
          eb.selectFrom('work_ratings').select('work_id').where('user_id', '=', userId),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      await sql`UPDATE work_ratings r SET helpful_count = GREATEST(r.helpful_count - 1, 0)
        FROM review_helpful v WHERE v.user_id = ${userId} AND v.review_id = r.id`.execute(trx);
      await trx.deleteFrom('review_helpful').where('user_id', '=', userId).execute();
      await trx.deleteFrom('review_reports').where('user_id', '=', userId).execute();
      await trx.deleteFrom('work_ratings').where('user_id', '=', userId).execute();
      const ids = rated.map((row) => BigInt(row.id));
      if (ids.length > 0) {
        await sql
          .raw(ratingsRecountSql(`SELECT unnest(ARRAY[${ids.join(',')}]::bigint[]) AS work_id`))
          .execute(trx);
      }
      return rated.map((row) => row.id);
    },

    /** A page of a work's visible reviews; `viewer` (the caller, if any) marks their own and votes. */
    async reviews(workId: string, order: ReviewOrder, viewer: string | null, limit: number, offset: number) {
      let query = db
        .selectFrom('work_ratings as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(REVIEW_COLUMNS(viewer))
        .where('r.work_id', '=', workId)
        .where('r.review', 'is not', null)
        .where('r.hidden', '=', false);
      if (order === 'helpful') query = query.orderBy('r.helpful_count', 'desc');
      return query
        .orderBy('r.reviewed_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** A visible review (with text), locked; undefined when unknown, hidden or on a hidden work. */
    lockVisibleReview(reviewId: string, trx: Executor) {
      return (
        trx
          .selectFrom('work_ratings as r')
          .innerJoin('works as w', 'w.id', 'r.work_id')
          .select(['r.id', 'r.user_id', 'r.helpful_count'])
          .where('r.id', '=', reviewId)
          .where('r.review', 'is not', null)
          .where('r.hidden', '=', false)
          .where('w.hidden', '=', false)
          // The review's row only: a rating write locks the work first, then its review.
          .forUpdate('r')
          .executeTakeFirst()
      );
    },

    /** True when the member's vote is new (a repeat, even a parallel one, inserts nothing). */
    async addVote(
      table: 'review_helpful' | 'review_reports',
      reviewId: string,
      userId: string,
      trx: Executor,
    ): Promise<boolean> {
      const row = await trx
        .insertInto(table)
        .values({ review_id: reviewId, user_id: userId })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .returning('review_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async countHelpful(reviewId: string, trx: Executor): Promise<number> {
      const row = await trx
        .updateTable('work_ratings')
        .set({ helpful_count: sql`helpful_count + 1` })
        .where('id', '=', reviewId)
        .returning('helpful_count')
        .executeTakeFirstOrThrow();
      return row.helpful_count;
    },

    async countReport(reviewId: string, trx: Executor): Promise<void> {
      await trx
        .updateTable('work_ratings')
        .set({ open_reports: sql`open_reports + 1` })
        .where('id', '=', reviewId)
        .execute();
    },
  };
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
