import { z } from 'zod';
import { REVIEW_LIMITS } from '../review-limits';
import { SERVER_MSG } from '../server-messages';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope } from './common';

/** A review's length as the limits count it: characters (code points), not UTF-16 units. */
export const reviewLength = (text: string) => [...text].length;

/** A work's id in a path (`/v2/works/{id}/…`). */
export const workRatingParams = z.object({ id: idString });
/** A review's id in a path (`/v2/reviews/{reviewId}/…`, `/v2/admin/reviews/{reviewId}/…`). */
export const reviewParams = z.object({ reviewId: idString });

const starsField = z
  .number({ error: SERVER_MSG.starsInvalid })
  .int(SERVER_MSG.starsInvalid)
  .min(REVIEW_LIMITS.starsMin, SERVER_MSG.starsInvalid)
  .max(REVIEW_LIMITS.starsMax, SERVER_MSG.starsInvalid);

/** Plain text: trimmed, 1–500 characters; null (or absent) is a rating without a review. */
const reviewField = z
  .string()
  .trim()
  .refine((text) => text.length > 0, SERVER_MSG.reviewEmpty)
  .refine((text) => reviewLength(text) <= REVIEW_LIMITS.reviewMax, SERVER_MSG.reviewTooLong)
  .nullable()
  .optional();

/** PUT /v2/works/{id}/rating: the caller's rating of a work, created or replaced (decision 044). */
export const ratingBody = z.object({ ...clientFields, stars: starsField, review: reviewField });
export type RatingBody = z.input<typeof ratingBody>;

/** The caller's own rating of a work. `hidden`: staff hid its review (it can no longer change). */
export const myRating = z.object({
  reviewId: z.string(),
  stars: z.number().int(),
  review: z.string().nullable(),
  hidden: z.boolean(),
});
export type MyRating = z.infer<typeof myRating>;

/**
 * GET /v2/works/{id}/ratings: the detail's rating summary. `average` and `evaluates` combine the
 * imported figures with members' ratings; `stars` counts members' ratings per star, 1 to 5.
 */
export const ratingSummary = z.object({
  average: z.number(),
  evaluates: z.number().int(),
  stars: z.array(z.number().int()).length(5),
  reviewCount: z.number().int(),
  /** The caller's rating, when logged in and they have one. */
  mine: myRating.nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;
export const ratingSummaryResponse = dataEnvelope(ratingSummary);

export const REVIEW_ORDERS = ['newest', 'helpful'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];

/** GET /v2/works/{id}/reviews: newest first, or most helpful first. */
export const reviewsQuery = z.object({
  ...clientFields,
  order: z.enum(REVIEW_ORDERS).default('newest'),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(REVIEW_LIMITS.pageSize),
});
export type ReviewsQuery = z.input<typeof reviewsQuery>;

export const review = z.object({
  reviewId: z.string(),
  userName: z.string(),
  stars: z.number().int(),
  review: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai: when the text was first written. */
  reviewTime: z.string(),
  helpful: z.number().int(),
  /** For the caller: their own, marked 有用 by them, reported by them. */
  mine: z.boolean(),
  markedHelpful: z.boolean(),
  reported: z.boolean(),
});
export type Review = z.infer<typeof review>;
export const reviewsResponse = tableEnvelope(review);

/** PUT answers the summary as it now stands, so the page shows the moved average at once. */
export const ratingWriteResponse = ratingSummaryResponse;

/** POST /v2/reviews/{reviewId}/helpful and /report: once per member; a repeat changes nothing. */
export const reviewVoteBody = z.object({ ...clientFields });
export const reviewHelpfulResponse = dataEnvelope(
  z.object({ helpful: z.number().int(), marked: z.boolean() }),
);
export const reviewReportResponse = dataEnvelope(z.object({ reported: z.boolean() }));

/** GET /v2/admin/reviews: the console's queue, reviews with open reports first, then newest. */
export const staffReviewsQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(REVIEW_LIMITS.staffPageSize),
});
export type StaffReviewsQuery = z.input<typeof staffReviewsQuery>;

export const staffReview = z.object({
  reviewId: z.string(),
  workId: z.string(),
  workNumber: z.string(),
  workTitle: z.string(),
  modId: z.number().int(),
  userId: z.string(),
  userName: z.string(),
  stars: z.number().int(),
  review: z.string(),
  reviewTime: z.string(),
  helpful: z.number().int(),
  /** Reports no staff member has acted on yet. */
  openReports: z.number().int(),
  hidden: z.boolean(),
});
export type StaffReview = z.infer<typeof staffReview>;
export const staffReviewsResponse = tableEnvelope(staffReview);
/** POST /v2/admin/reviews/{reviewId}/hide and /restore: the review's state now. */
export const staffReviewStateResponse = dataEnvelope(z.object({ reviewId: z.string(), hidden: z.boolean() }));
