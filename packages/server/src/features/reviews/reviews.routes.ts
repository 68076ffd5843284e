import {
  OK_MSG,
  ratingBody,
  ratingSummaryResponse,
  ratingWriteResponse,
  reviewHelpfulResponse,
  reviewParams,
  reviewReportResponse,
  REVIEWS_API,
  reviewsQuery,
  reviewsResponse,
  reviewVoteBody,
  workRatingParams,
} from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok, table } from '../../http/envelope';
import type { ReviewsService } from './reviews.service';

export interface ReviewsRouteDeps {
  reviews: ReviewsService;
  auth: Authenticator;
}

export const reviewErrors = errorResponses(400, 401, 403, 404, 429, 500);

/**
 * Members' ratings and reviews of a work (decision 044). Reading is open to anyone (a logged-in
 * caller also sees their own rating and votes); every write needs a login, settled before the
 * input is read, as the library's calls do.
 */
export async function reviewsRoutes(app: FastifyInstance, { reviews: service, auth }: ReviewsRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: async (request: FastifyRequest) => void (await auth.required(request)) };
  const userOf = async (request: FastifyRequest) => (await auth.required(request)).userId;
  const viewerOf = async (request: FastifyRequest) => (await auth.optional(request))?.userId ?? null;

  r.get(
    REVIEWS_API.workRatings,
    {
      schema: {
        summary: "A work's rating summary: combined average, evaluates, members' stars 1–5, the caller's own",
        params: workRatingParams,
        response: { 200: ratingSummaryResponse, ...reviewErrors },
      },
    },
    async (request, reply) => {
      // Carries the caller's own rating: never cached anywhere.
      reply.header('cache-control', 'no-store');
      return ok(await service.summary(request.params.id, await viewerOf(request)), OK_MSG.query);
    },
  );

  r.get(
    REVIEWS_API.workReviews,
    {
      schema: {
        summary: "A work's visible reviews, newest or most helpful first",
        params: workRatingParams,
        querystring: reviewsQuery,
        response: { 200: reviewsResponse, ...reviewErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { order, pageNum, pageSize } = request.query;
      const viewer = await viewerOf(request);
      const { rows, total } = await service.reviews(request.params.id, order, viewer, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.put(
    REVIEWS_API.myRating,
    {
      ...member,
      schema: {
        summary: "Create or replace the caller's rating (1–5 stars) and optional review",
        params: workRatingParams,
        body: ratingBody,
        response: { 200: ratingWriteResponse, ...reviewErrors },
      },
    },
    async (request) => {
      const { stars, review } = request.body;
      return ok(await service.rate(await userOf(request), request.params.id, { stars, review }));
    },
  );

  r.post(
    REVIEWS_API.myRatingDelete,
    {
      ...member,
      schema: {
        summary: "Delete the caller's rating and review",
        params: workRatingParams,
        body: reviewVoteBody,
        response: { 200: ratingWriteResponse, ...reviewErrors },
      },
    },
    async (request) => ok(await service.unrate(await userOf(request), request.params.id)),
  );

  r.post(
    REVIEWS_API.reviewHelpful,
    {
      ...member,
      schema: {
        summary: "Mark another member's review 有用, once (a repeat changes nothing)",
        params: reviewParams,
        body: reviewVoteBody,
        response: { 200: reviewHelpfulResponse, ...reviewErrors },
      },
    },
    async (request) => ok(await service.markHelpful(await userOf(request), request.params.reviewId)),
  );

  r.post(
    REVIEWS_API.reviewReport,
    {
      ...member,
      schema: {
        summary: "Report another member's review to staff, once",
        params: reviewParams,
        body: reviewVoteBody,
        response: { 200: reviewReportResponse, ...reviewErrors },
      },
    },
    async (request) => ok(await service.report(await userOf(request), request.params.reviewId)),
  );
}
