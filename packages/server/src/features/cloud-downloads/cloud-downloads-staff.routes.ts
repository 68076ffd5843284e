import {
  staffDownloadParams,
  staffDownloadResponse,
  staffDownloadsQuery,
  staffDownloadsResponse,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table } from '../../http/envelope';
import { cloudDownloadErrors } from './cloud-downloads.routes';
import type { CloudDownloadsService } from './cloud-downloads.service';

export interface CloudDownloadsStaffRouteDeps {
  cloudDownloads: CloudDownloadsService;
  auth: Authenticator;
}

/**
 * The console's cloud-download queue (/v2/admin/downloads…): every user's requests, and marking
 * one done. Staff or admin only, checked before the input is read: a visitor gets the login
 * dialog's 403, a member 403 SERVER_MSG.staffOnly, and nothing changes.
 */
export async function cloudDownloadsStaffRoutes(
  app: FastifyInstance,
  { cloudDownloads: service, auth }: CloudDownloadsStaffRouteDeps,
) {
  const staff = permissionGuard(auth, 'downloads.manage');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    STAFF_API.downloads,
    {
      ...staff.hook,
      schema: {
        summary: "Every user's cloud-download requests: requested first, oldest first; or one status",
        querystring: staffDownloadsQuery,
        response: { 200: staffDownloadsResponse, ...cloudDownloadErrors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { status, pageNum, pageSize } = request.query;
      const { rows, total } = await service.queue(status, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.post(
    STAFF_API.downloadDone,
    {
      ...staff.hook,
      schema: {
        summary: 'Marks a request done (who and when); marking it again changes nothing',
        params: staffDownloadParams,
        response: { 200: staffDownloadResponse, ...cloudDownloadErrors },
      },
    },
    async (request) => {
      return ok(await service.markDone(await staff.caller(request), request.params.id));
    },
  );
}
