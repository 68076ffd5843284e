import {
  API,
  MOD_ID,
  magnetsQuery,
  magnetsResponse,
  performerListQuery,
  performerListResponse,
  entitySearchQuery,
  entitySearchResponse,
  suggestQuery,
  suggestResponse,
  tagChannelQuery,
  tagChannelResponse,
  tagListQuery,
  tagListResponse,
  workDetailParams,
  workDetailResponse,
  worksListQuery,
  worksListResponse,
  OK_MSG,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import { addSharedCaching, PRIVATE_NO_STORE } from '../../http/http-caching';
import { type AnswerSender, CATALOGUE_CACHE_MS, type CachedReads } from './catalogue.cache';
import type { CatalogueService } from './catalogue.service';
import type { LibraryService } from '../library/library.service';

export interface CatalogueRouteDeps {
  /** The app's one catalogue service, reading from the read replica if any. */
  catalogue: CatalogueService;
  /** A signed-in caller's detail, kept as an object: their own flags go on a copy of it. */
  cached: Pick<CachedReads, 'workDetail'>;
  /** The caller's like and collect flags, read on the primary. */
  library: LibraryService;
  auth: Authenticator;
  /** How long the cache keeps an answer: HTTP caches may keep it as long. */
  cacheTtlMs?: number;
  /** Sends each answer serialised once, from the app's read cache (decision 006). */
  sendAnswer: AnswerSender;
}

const errors = errorResponses(400, 404, 500);

/**
 * The catalogue's read calls of docs/product.md §7. Thin: validate, call the service, wrap, and send the
 * answer through the app's one read cache, which the console's writers clear (decision 006).
 * The caller's like and collect flags are read on the primary, so a user sees their own change
 * at once. Answers are the same for every visitor, so HTTP caches may keep them as long as this
 * process does (decision 017).
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  {
    catalogue: service,
    cached,
    library,
    auth,
    cacheTtlMs = CATALOGUE_CACHE_MS,
    sendAnswer,
  }: CatalogueRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  addSharedCaching(app, { maxAgeSeconds: Math.floor(cacheTtlMs / 1000) });

  r.get(
    API.worksList,
    {
      schema: {
        summary: 'Works: latest, filtered, ranked or searched',
        querystring: worksListQuery,
        response: { 200: worksListResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, `listWorks:${JSON.stringify(request.query)}`, async () => {
        const { rows, total } = await service.listWorks(request.query);
        return table(rows, total);
      }),
  );

  r.get(
    API.workDetail,
    {
      schema: {
        summary: 'One work with its tags, makers, performers and other entities',
        params: workDetailParams,
        // 401: a token was sent but is no longer good (the client refreshes once, docs/product.md §8).
        response: { 200: workDetailResponse, ...errors, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const caller = await auth.optional(request);
      // The anonymous answer is the same for everyone; a caller's own flags go on a copy of the
      // detail. That copy is no one else's, and an anonymous answer must not answer a caller.
      reply.header('vary', 'Authorization');
      if (!caller) {
        return sendAnswer(reply, `workDetail:${id}`, async () => ({
          code: 200,
          msg: OK_MSG.operation,
          ...(await service.workDetail(id)),
          collect: false,
          like: false,
        }));
      }
      reply.header('cache-control', PRIVATE_NO_STORE);
      const detail = await cached.workDetail(id);
      const flags = await library.workFlags(caller.userId, detail.data.id);
      return { code: 200, msg: OK_MSG.operation, ...detail, ...flags };
    },
  );

  r.get(
    API.magnets,
    {
      schema: {
        summary: 'Magnets of a work number',
        querystring: magnetsQuery,
        response: { 200: magnetsResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, `listMagnets:${JSON.stringify(request.query)}`, async () => {
        const q = request.query;
        const { rows, total } = await service.listMagnets(q.keyword, q.order, q.pageNum, q.pageSize);
        return table(rows, total);
      }),
  );

  r.get(
    API.tagChannel,
    {
      schema: {
        summary: 'Tag groups of a channel',
        querystring: tagChannelQuery,
        response: { 200: tagChannelResponse, ...errors },
      },
    },
    async (request, reply) => {
      const channel = request.query.modId ?? (request.query.modName ? MOD_ID[request.query.modName] : 1);
      return sendAnswer(reply, `tagGroups:${channel}`, async () =>
        ok(await service.tagGroups(channel as 1 | 2 | 3), OK_MSG.query),
      );
    },
  );

  r.get(
    API.tagList,
    {
      schema: {
        summary: 'Makers, labels, series, directors, items or performers of a channel, with counts',
        querystring: tagListQuery,
        response: { 200: tagListResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, `entityCounts:${JSON.stringify(request.query)}`, async () => {
        const q = request.query;
        const { rows, total } = await service.entityCounts(
          q.tableName,
          q.modId as 1 | 2 | 3,
          q.pageNum,
          q.pageSize,
        );
        return table(rows, total);
      }),
  );

  r.get(
    API.performerList,
    {
      schema: {
        summary: 'Performers with their censored and uncensored counts',
        querystring: performerListQuery,
        response: { 200: performerListResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, `performers:${JSON.stringify(request.query)}`, async () => {
        const q = request.query;
        const { rows, total } = await service.performers(q.modName, q.sort, q.pageNum, q.pageSize);
        return table(rows, total);
      }),
  );

  r.get(
    API.searchEntities,
    {
      schema: {
        summary:
          'Performers, makers, labels, series, directors, same-type and tags whose name holds a keyword',
        querystring: entitySearchQuery,
        response: { 200: entitySearchResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, `searchEntities:${JSON.stringify(request.query)}`, async () => {
        const rows = await service.searchEntities(request.query);
        return table(rows, rows.length);
      }),
  );

  r.get(
    API.searchSuggest,
    {
      schema: {
        summary: 'What the search box suggests while a keyword is typed: works by number or title, and names',
        querystring: suggestQuery,
        response: { 200: suggestResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, `suggest:${JSON.stringify(request.query)}`, async () =>
        ok(await service.suggest(request.query), OK_MSG.query),
      ),
  );
}
