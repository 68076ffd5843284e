import {
  API,
  cloudDownloadBody,
  cloudDownloadListQuery,
  cloudDownloadListResponse,
  cloudDownloadResponse,
  MSG,
  SERVER_MSG,
} from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok, table } from '../../http/envelope';
import type { CloudDownloadsService } from './cloud-downloads.service';

export interface CloudDownloadRouteDeps {
  cloudDownloads: CloudDownloadsService;
  auth: Authenticator;
}

/** The error answers of the cloud-download calls (402: not a VIP in force). */
export const cloudDownloadErrors = errorResponses(400, 401, 402, 403, 404, 500);

/**
 * A user's cloud downloads (docs/product.md §7 /web/cloud/file/…): ask for a title, see one's requests.
 * Registered in the signed scope, so these /web calls are signed like every /v2 call.
 */
export async function cloudDownloadRoutes(
  app: FastifyInstance,
  { cloudDownloads: service, auth }: CloudDownloadRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Who calls is settled before the input is read (a visitor gets the login dialog's 403).
  const loggedIn = {
    preValidation: async (request: FastifyRequest) => {
      await auth.required(request);
    },
  };

  r.post(
    API.cloudDownload,
    {
      ...loggedIn,
      schema: {
        summary:
          'A VIP asks for a work to be fetched to the site storage; asking again answers the same request (402 not a VIP)',
        body: cloudDownloadBody,
        response: { 200: cloudDownloadResponse, ...cloudDownloadErrors },
      },
    },
    async (request) => {
      const caller = await auth.required(request);
      const { censoredId, url } = request.body;
      const { row, created } = await service.request(caller, censoredId, url);
      return ok(row, created ? MSG.submitted : SERVER_MSG.cloudAlreadyRequested);
    },
  );

  r.get(
    API.cloudDownloads,
    {
      ...loggedIn,
      schema: {
        summary: "The caller's cloud-download requests, newest first (status 0 requested, 1 done)",
        querystring: cloudDownloadListQuery,
        response: { 200: cloudDownloadListResponse, ...cloudDownloadErrors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      const { censoredId, pageNum, pageSize } = request.query;
      const { rows, total } = await service.userList(userId, censoredId, pageNum, pageSize);
      return table(rows, total);
    },
  );
}
