import {
  staffWorkParams,
  staffWorkResponse,
  staffWorksQuery,
  staffWorksResponse,
  staffWorkUpdateBody,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import type { CatalogueAdminService } from './catalogue-admin.service';
import type { ImportJobsService } from './import-jobs.service';
import { importJobsRoutes } from './import-jobs.routes';

export interface CatalogueAdminRouteDeps {
  catalogueAdmin: CatalogueAdminService;
  imports: ImportJobsService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * The catalogue in the console (/v2/admin/works…, /v2/admin/imports…): find any work, switch
 * online viewing, hide or show it, and import catalogue files. Staff or admin only, checked
 * before the input is read.
 */
export async function catalogueAdminRoutes(
  app: FastifyInstance,
  { catalogueAdmin: service, imports, auth }: CatalogueAdminRouteDeps,
) {
  const staff = permissionGuard(auth, 'catalogue.manage');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    STAFF_API.works,
    {
      ...staff.hook,
      schema: {
        summary: 'Works, hidden ones too, newest added first; by number (any spelling), prefix or id',
        querystring: staffWorksQuery,
        response: { 200: staffWorksResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { keyword, pageNum, pageSize } = request.query;
      const { rows, total } = await service.list(keyword, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.post(
    STAFF_API.work,
    {
      ...staff.hook,
      schema: {
        summary: 'Changes a work: isOnline 0/1, hidden (out of every list, search and count)',
        params: staffWorkParams,
        body: staffWorkUpdateBody,
        response: { 200: staffWorkResponse, ...errors },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      const { isOnline, hidden } = request.body;
      return ok(await service.update(request.params.id, { isOnline, hidden }, caller));
    },
  );

  await app.register(importJobsRoutes, { imports, auth });
}
