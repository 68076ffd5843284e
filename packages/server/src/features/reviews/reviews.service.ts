import {
  REVIEW_LIMITS,
  type RatingSummary,
  type Review,
  type ReviewOrder,
  SERVER_MSG,
  type StaffReview,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { StaffCaller } from '../../http/auth';
import type { AuditRecorder } from '../staff-audit/audit.service';
import { createFloodCountersRepo } from '../../http/flood-counters.repo';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { pageOffset } from '../../http/paging';
import { createReviewsRepo, type OwnRating, type WorkRatingFigures } from './reviews.repo';
import { createReviewsStaffRepo } from './reviews-staff.repo';
import { type Executor } from '../../db/executor';

const WRITE_WINDOW_MS = REVIEW_LIMITS.writes.minutes * 60_000;

/** A rating as the caller writes it: whole stars, and a trimmed text or none. */
export interface RatingInput {
  stars: number;
  review?: string | null | undefined;
}

/**
 * Members' ratings and reviews (decision 044): one rating per member and work, with an optional
 * review; 有用 marks and reports once per member; staff hide and restore reviews. Each write
 * recounts its work's figures in the same transaction, under the work's row lock.
 */
export interface ReviewsDeps {
  db: Kysely<DB>;
  /** The audit entry of a console change (features/staff-audit). */
  audit?: AuditRecorder;
}

export function createReviewsService({ db, audit }: ReviewsDeps) {
  const repo = createReviewsRepo(db);
  const staffRepo = createReviewsStaffRepo(db);
  const flood = createFloodCountersRepo(db);

  function summaryOf(figures: WorkRatingFigures, mine: OwnRating | undefined): RatingSummary {
    return {
      average: figures.average,
      evaluates: figures.evaluates,
      stars: figures.member_stars,
      reviewCount: figures.review_count,
      mine: mine ? { reviewId: mine.id, stars: mine.stars, review: mine.review, hidden: mine.hidden } : null,
    };
  }

  /** Counts one write against the member's window (kept in flood_counters, shared by instances). */
  async function countWrite(userId: string): Promise<void> {
    const { hits } = await flood.hit(`reviews:${userId}`, WRITE_WINDOW_MS);
    if (hits > REVIEW_LIMITS.writes.max) throw tooManyRequests(SERVER_MSG.reviewsTooFrequent);
  }

  async function lockWorkOrNotFound(workId: string, trx: Executor): Promise<void> {
    if (!(await repo.lockWork(workId, trx))) throw notFound(SERVER_MSG.workNotFound);
  }

  /** The caller's rating, which they may still change: 404 without one, 403 when staff hid it. */
  async function lockChangeable(userId: string, workId: string, trx: Executor) {
    const own = await repo.lockOwnRating(userId, workId, trx);
    if (own?.hidden) throw forbidden(SERVER_MSG.reviewHiddenByStaff);
    return own;
  }

  /** Locks a review others may vote on; 404 when unknown or hidden, 400 for the caller's own. */
  async function lockVotable(reviewId: string, userId: string, own: string, trx: Executor) {
    const review = await repo.lockVisibleReview(reviewId, trx);
    if (!review) throw notFound(SERVER_MSG.reviewNotFound);
    if (review.user_id === userId) throw badRequest(own);
    return review;
  }

  return {
    /** 注销账号: the member's ratings, reviews and votes go; every work they rated is recounted. */
    forgetMember: (userId: string, trx: Executor) => repo.forgetMember(userId, trx),

    /** The detail's summary; `userId` adds the caller's own rating. */
    async summary(workId: string, userId: string | null): Promise<RatingSummary> {
      const figures = await repo.workFigures(workId);
      if (!figures) throw notFound(SERVER_MSG.workNotFound);
      const mine = userId === null ? undefined : await repo.ownRating(userId, workId);
      return summaryOf(figures, mine);
    },

    /** A page of the work's visible reviews; the total is the work's count kept on write. */
    async reviews(
      workId: string,
      order: ReviewOrder,
      viewer: string | null,
      pageNum: number,
      pageSize: number,
    ) {
      const figures = await repo.workFigures(workId);
      if (!figures) throw notFound(SERVER_MSG.workNotFound);
      const rows: Review[] = await repo.reviews(
        workId,
        order,
        viewer,
        pageSize,
        pageOffset(pageNum, pageSize),
      );
      return { rows, total: figures.review_count };
    },

    /** Creates or replaces the caller's rating; answers the summary as it now stands. */
    async rate(userId: string, workId: string, input: RatingInput): Promise<RatingSummary> {
      await countWrite(userId);
      return repo.inTransaction(async (trx) => {
        await lockWorkOrNotFound(workId, trx);
        await lockChangeable(userId, workId, trx);
        await repo.saveRating(userId, workId, input.stars, input.review ?? null, trx);
        const figures = await repo.refreshWork(workId, trx);
        return summaryOf(figures, await repo.lockOwnRating(userId, workId, trx));
      });
    },

    /** Deletes the caller's rating and review (with its marks and reports). */
    async unrate(userId: string, workId: string): Promise<RatingSummary> {
      await countWrite(userId);
      return repo.inTransaction(async (trx) => {
        await lockWorkOrNotFound(workId, trx);
        const own = await lockChangeable(userId, workId, trx);
        if (!own) throw notFound(SERVER_MSG.ratingNotFound);
        await repo.deleteRating(own.id, trx);
        return summaryOf(await repo.refreshWork(workId, trx), undefined);
      });
    },

    /** Marks another member's review 有用, once: a repeat answers the same and changes nothing. */
    async markHelpful(userId: string, reviewId: string): Promise<{ helpful: number; marked: boolean }> {
      return repo.inTransaction(async (trx) => {
        const review = await lockVotable(reviewId, userId, SERVER_MSG.ownReviewHelpful, trx);
        const added = await repo.addVote('review_helpful', reviewId, userId, trx);
        return {
          helpful: added ? await repo.countHelpful(reviewId, trx) : review.helpful_count,
          marked: true,
        };
      });
    },

    /** Reports another member's review to staff, once. */
    async report(userId: string, reviewId: string): Promise<{ reported: boolean }> {
      return repo.inTransaction(async (trx) => {
        await lockVotable(reviewId, userId, SERVER_MSG.ownReviewReport, trx);
        if (await repo.addVote('review_reports', reviewId, userId, trx))
          await repo.countReport(reviewId, trx);
        return { reported: true };
      });
    },

    /** The console's queue: open reports first, then the newest. */
    async staffReviews(pageNum: number, pageSize: number): Promise<{ rows: StaffReview[]; total: number }> {
      return staffRepo.staffReviews(pageSize, pageOffset(pageNum, pageSize));
    },

    /**
     * Hides or restores a review: a hidden one is shown to no one but staff and its stars do not
     * count (decision 044), so the work is recounted. Either way its open reports are settled.
     */
    async setHidden(
      reviewId: string,
      hidden: boolean,
      actor?: StaffCaller,
    ): Promise<{ reviewId: string; hidden: boolean }> {
      await repo.inTransaction(async (trx) => {
        // The work first, as every rating write locks it, then the review.
        const found = await staffRepo.reviewWork(reviewId, trx);
        if (!found) throw notFound(SERVER_MSG.reviewNotFound);
        await staffRepo.lockWorkAnyState(found.work_id, trx);
        const review = await staffRepo.lockReview(reviewId, trx);
        if (!review) throw notFound(SERVER_MSG.reviewNotFound);
        await staffRepo.setHidden(reviewId, hidden, trx);
        await repo.refreshWork(review.work_id, trx);
        if (actor && audit) {
          const action = hidden ? 'review.hide' : 'review.restore';
          const about = { objectType: 'review', objectId: reviewId } as const;
          await audit(actor, { action, ...about, before: { hidden: review.hidden }, after: { hidden } }, trx);
        }
      });
      return { reviewId, hidden };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
