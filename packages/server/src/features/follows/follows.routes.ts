import {
  feedNewResponse,
  feedQuery,
  feedResponse,
  followBody,
  followKeysResponse,
  followListQuery,
  followListResponse,
  followResponse,
  FOLLOWS_API,
  markBody,
  markListQuery,
  markListResponse,
  markOfParams,
  markResponse,
  OK_MSG,
  watchedIdsResponse,
} from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import type { FollowsService } from './follows.service';

export interface FollowsRouteDeps {
  follows: FollowsService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/** Follows, the feed and 想看 / 看过 marks of a logged-in member (decision 045). */
export async function followsRoutes(app: FastifyInstance, { follows: service, auth }: FollowsRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // As in libraryRoutes: without a token every call is a 403 before its input is read.
  r.addHook('preValidation', async (request) => {
    await auth.required(request);
  });
  const userOf = async (request: FastifyRequest) => (await auth.required(request)).userId;

  r.post(
    FOLLOWS_API.follow,
    {
      schema: {
        summary: 'Follow (status 0) or unfollow (status 9) a performer, maker, series or director',
        body: followBody,
        response: { 200: followResponse, ...errors },
      },
    },
    async (request) => {
      const { kind, entityId, status } = request.body;
      return ok(await service.follow(await userOf(request), kind, entityId, status));
    },
  );

  r.get(
    FOLLOWS_API.followList,
    {
      schema: {
        summary: "The caller's follows, newest first",
        querystring: followListQuery,
        response: { 200: followListResponse, ...errors },
      },
    },
    async (request) => {
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await service.followed(await userOf(request), pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    FOLLOWS_API.followKeys,
    {
      schema: {
        summary: "Every follow of the caller as 'kind:id'",
        response: { 200: followKeysResponse, ...errors },
      },
    },
    async (request) => ok(await service.followKeys(await userOf(request)), OK_MSG.query),
  );

  r.get(
    FOLLOWS_API.feed,
    {
      schema: {
        summary: 'Works of the followed entities, newest first',
        querystring: feedQuery,
        response: { 200: feedResponse, ...errors },
      },
    },
    async (request) => {
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await service.feed(await userOf(request), pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    FOLLOWS_API.feedNew,
    {
      schema: {
        summary: 'Works new in the feed since the last visit',
        response: { 200: feedNewResponse, ...errors },
      },
    },
    async (request) => ok(await service.feedNew(await userOf(request)), OK_MSG.query),
  );

  r.post(
    FOLLOWS_API.feedSeen,
    {
      schema: {
        summary: 'The caller has seen the feed: its new count starts again',
        response: { 200: feedNewResponse, ...errors },
      },
    },
    async (request) => ok(await service.feedSeen(await userOf(request))),
  );

  r.post(
    FOLLOWS_API.mark,
    {
      schema: {
        summary: 'Mark a work 想看 (want) or 看过 (watched), or clear its mark (none)',
        body: markBody,
        response: { 200: markResponse, ...errors },
      },
    },
    async (request) => {
      const { dataId, mark } = request.body;
      return ok(await service.mark(await userOf(request), dataId, mark));
    },
  );

  r.get(
    FOLLOWS_API.markOf,
    {
      schema: {
        summary: "The caller's mark on a work",
        params: markOfParams,
        response: { 200: markResponse, ...errors },
      },
    },
    async (request) => ok(await service.markOf(await userOf(request), request.params.dataId), OK_MSG.query),
  );

  r.get(
    FOLLOWS_API.markList,
    {
      schema: {
        summary: "The caller's 想看 or 看过 works, newest mark first",
        querystring: markListQuery,
        response: { 200: markListResponse, ...errors },
      },
    },
    async (request) => {
      const { mark, pageNum, pageSize } = request.query;
      const { rows, total } = await service.markedWorks(await userOf(request), mark, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    FOLLOWS_API.watchedIds,
    {
      schema: {
        summary: 'The newest 看过 work ids (at most 1000)',
        response: { 200: watchedIdsResponse, ...errors },
      },
    },
    async (request) => ok(await service.watchedIds(await userOf(request)), OK_MSG.query),
  );
}
