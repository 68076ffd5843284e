import {
  reviewParams,
  REVIEWS_API,
  reviewVoteBody,
  staffReviewsQuery,
  staffReviewsResponse,
  staffReviewStateResponse,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table } from '../../http/envelope';
import { reviewErrors } from './reviews.routes';
import type { ReviewsService } from './reviews.service';

export interface ReviewsStaffRouteDeps {
  reviews: ReviewsService;
  auth: Authenticator;
}

/**
 * The console's 评论 (/v2/admin/reviews…): the queue, reported first, and hiding or restoring a
 * review. Staff or admin only, checked before the input is read.
 */
export async function reviewsStaffRoutes(
  app: FastifyInstance,
  { reviews: service, auth }: ReviewsStaffRouteDeps,
) {
  const staff = permissionGuard(auth, 'reviews.moderate');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    REVIEWS_API.staffReviews,
    {
      ...staff.hook,
      schema: {
        summary: 'Reviews with open reports first, then the newest; hidden ones included',
        querystring: staffReviewsQuery,
        response: { 200: staffReviewsResponse, ...reviewErrors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await service.staffReviews(pageNum, pageSize);
      return table(rows, total);
    },
  );

  for (const [path, hidden] of [
    [REVIEWS_API.staffReviewHide, true],
    [REVIEWS_API.staffReviewRestore, false],
  ] as const) {
    r.post(
      path,
      {
        ...staff.hook,
        schema: {
          summary: hidden
            ? 'Hide a review: shown to no one, its stars no longer count'
            : 'Restore a hidden review',
          params: reviewParams,
          body: reviewVoteBody,
          response: { 200: staffReviewStateResponse, ...reviewErrors },
        },
      },
      async (request) => {
        const caller = await staff.caller(request);
        return ok(await service.setHidden(request.params.reviewId, hidden, caller));
      },
    );
  }
}
