import {
  fillPath,
  type RatingBody,
  type RatingSummary,
  ratingSummaryResponse,
  ratingWriteResponse,
  REVIEW_LIMITS,
  reviewHelpfulResponse,
  type ReviewOrder,
  reviewReportResponse,
  REVIEWS_API,
  reviewsResponse,
  type WorkDetailResponse,
} from '@yingku/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { workKeys } from '../../../api/works';

/** Query keys of a work's ratings: its summary, and its review lists (one per order). */
export const reviewKeys = {
  all: (id: string) => ['reviews', id] as const,
  summary: (id: string) => [...reviewKeys.all(id), 'summary'] as const,
  lists: (id: string) => [...reviewKeys.all(id), 'list'] as const,
  list: (id: string, order: ReviewOrder) => [...reviewKeys.lists(id), order] as const,
};

/** Members' ratings and reviews of a work (decision 044). */
export const reviewsApi = {
  summary: (id: string, signal?: AbortSignal) =>
    api.get(fillPath(REVIEWS_API.workRatings, { id }), {}, { schema: ratingSummaryResponse, signal }),
  list: (id: string, order: ReviewOrder, pageNum: number, signal?: AbortSignal) =>
    api.get(
      fillPath(REVIEWS_API.workReviews, { id }),
      { order, pageNum, pageSize: REVIEW_LIMITS.pageSize },
      { schema: reviewsResponse, signal },
    ),
  rate: (id: string, body: RatingBody) =>
    api.put(fillPath(REVIEWS_API.myRating, { id }), { ...body }, { schema: ratingWriteResponse }),
  unrate: (id: string) =>
    api.post(fillPath(REVIEWS_API.myRatingDelete, { id }), {}, { schema: ratingWriteResponse }),
  helpful: (reviewId: string) =>
    api.post(fillPath(REVIEWS_API.reviewHelpful, { reviewId }), {}, { schema: reviewHelpfulResponse }),
  report: (reviewId: string) =>
    api.post(fillPath(REVIEWS_API.reviewReport, { reviewId }), {}, { schema: reviewReportResponse }),
};

/**
 * A write's answer everywhere the page shows it: the summary, the details tab's rating line
 * (the cached detail), and the review lists, asked again.
 */
export async function showRatingWrite(queryClient: QueryClient, id: string, summary: RatingSummary) {
  // Every caller's summary key of the work (they end in the user's id): the one shown is among them.
  queryClient.setQueriesData({ queryKey: reviewKeys.summary(id) }, { code: 200, msg: '', data: summary });
  queryClient.setQueryData<WorkDetailResponse>(
    workKeys.detail(id),
    (detail) =>
      detail && {
        ...detail,
        data: { ...detail.data, average: summary.average, evaluates: summary.evaluates },
      },
  );
  await queryClient.invalidateQueries({ queryKey: reviewKeys.lists(id) });
}
