import {
  API,
  collectBody,
  collectListQuery,
  collectResponse,
  copyBody,
  copyResponse,
  createFolderBody,
  createFolderResponse,
  folderListQuery,
  folderListResponse,
  libraryWorksResponse,
  likeBody,
  likeListQuery,
  likeResponse,
  MSG,
  OK_MSG,
  sharedFolderParams,
  sharedFolderQuery,
  sharedFolderResponse,
  workFoldersParams,
  workFoldersResponse,
} from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import type { LibraryService } from './library.service';

export interface LibraryRouteDeps {
  library: LibraryService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/** Likes, collect folders and entries, and the daily copy count of a logged-in user. */
export async function libraryRoutes(app: FastifyInstance, { library: service, auth }: LibraryRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Who calls is settled before the input is read: without a token every call here is a 403
  // (the login dialog, docs/product.md §8), whatever it sends.
  r.addHook('preValidation', async (request) => {
    await auth.required(request);
  });
  const userOf = async (request: FastifyRequest) => (await auth.required(request)).userId;

  r.post(
    API.like,
    {
      schema: {
        summary: 'Like (status 0) or unlike (status 9) a work',
        body: likeBody,
        response: { 200: likeResponse, ...errors },
      },
    },
    async (request) => {
      const { dataId, status } = request.body;
      return ok(await service.like(await userOf(request), dataId, status));
    },
  );

  r.get(
    API.likeList,
    {
      schema: {
        summary: "The caller's liked works, newest first",
        querystring: likeListQuery,
        response: { 200: libraryWorksResponse, ...errors },
      },
    },
    async (request) => {
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await service.likedWorks(await userOf(request), pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    API.folderList,
    {
      schema: {
        summary: "The caller's collect folders, the default one first",
        querystring: folderListQuery,
        response: { 200: folderListResponse, ...errors },
      },
    },
    async (request) => {
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await service.listFolders(await userOf(request), pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.post(
    API.createFolder,
    {
      schema: {
        summary: 'Create a collect folder',
        body: createFolderBody,
        response: { 200: createFolderResponse, ...errors },
      },
    },
    async (request) => ok(await service.createFolder(await userOf(request), request.body)),
  );

  r.get(
    API.collectList,
    {
      schema: {
        summary: "Works in one of the caller's folders, or in any",
        querystring: collectListQuery,
        response: { 200: libraryWorksResponse, ...errors },
      },
    },
    async (request) => {
      const { cateId, pageNum, pageSize } = request.query;
      const { rows, total } = await service.collectedWorks(await userOf(request), cateId, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    API.workFolders,
    {
      schema: {
        summary: "Ids of the caller's folders holding a work",
        params: workFoldersParams,
        response: { 200: workFoldersResponse, ...errors },
      },
    },
    async (request) =>
      ok(await service.workFolders(await userOf(request), request.params.dataId), OK_MSG.query),
  );

  r.post(
    API.collectAdds,
    {
      schema: {
        summary: 'Add a work to folders (status 9: take it out)',
        body: collectBody,
        response: { 200: collectResponse, ...errors },
      },
    },
    async (request) => {
      const { dataId, status, cateId, cateIds } = request.body;
      return ok(await service.adds(await userOf(request), dataId, status, cateId, cateIds));
    },
  );

  r.post(
    API.collectEdit,
    {
      schema: {
        summary: "Set a work's folders exactly (none or status 9: uncollect)",
        body: collectBody,
        response: { 200: collectResponse, ...errors },
      },
    },
    async (request) => {
      const { dataId, status, cateId, cateIds } = request.body;
      return ok(await service.edit(await userOf(request), dataId, status, cateId, cateIds));
    },
  );

  r.post(
    API.copy,
    {
      schema: {
        summary: "Record one magnet copy against the caller's daily quota",
        body: copyBody,
        response: { 200: copyResponse, ...errors },
      },
    },
    async (request) => {
      const quota = await service.recordCopy(await auth.required(request));
      // Refused copies carry the prompt of docs/product.md §6, so the client can show it as it is.
      return ok(quota, quota.allowed ? OK_MSG.operation : MSG.memberCopyCap);
    },
  );
}

/**
 * A public folder's shared page (docs/product.md §2): read-only, for anyone holding its link, with or
 * without a login — outside libraryRoutes, whose every call needs one.
 */
export async function sharedFolderRoutes(
  app: FastifyInstance,
  { library: service }: Pick<LibraryRouteDeps, 'library'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API.sharedFolder,
    {
      schema: {
        summary: 'A public folder and a page of its works, through the link its owner shared',
        params: sharedFolderParams,
        querystring: sharedFolderQuery,
        response: { 200: sharedFolderResponse, ...errorResponses(400, 404, 500) },
      },
    },
    async (request) => {
      const { cateId, shareKey } = request.params;
      const { pageNum, pageSize } = request.query;
      return ok(await service.sharedFolder(cateId, shareKey, pageNum, pageSize), OK_MSG.query);
    },
  );
}
