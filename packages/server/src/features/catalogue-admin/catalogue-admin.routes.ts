import {
  API,
  errorEnvelope,
  staffWorkParams,
  staffWorkResponse,
  staffWorksQuery,
  staffWorksResponse,
  staffWorkUpdateBody,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { WorkerLease } from '../../db/worker-lease';
import { type Authenticator, roleGuard } from '../../http/auth';
import { ok, table } from '../../http/envelope';
import type { CatalogueCache } from '../catalogue/catalogue.cache';
import { createCatalogueAdminService } from './catalogue-admin.service';
import { importJobsRoutes } from './import-jobs.routes';

export interface CatalogueAdminRouteDeps {
  db: Kysely<DB>;
  auth: Authenticator;
  /** The app's catalogue read cache, cleared after every change made here. */
  catalogueCache: Pick<CatalogueCache, 'clear'>;
  /** True on PGlite, which no other process opens: import jobs left running fail at start-up. */
  singleProcess?: boolean;
  /** This process's worker-id lease (import jobs record their owner) and ids bound to it. */
  lease: WorkerLease;
  newId: () => string;
}

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  500: errorEnvelope,
};

/**
 * The catalogue in the console (/v2/admin/works…, /v2/admin/imports…): find any work, switch
 * online viewing, hide or show it, and import catalogue files. Staff or admin only, checked
 * before the input is read.
 */
export async function catalogueAdminRoutes(app: FastifyInstance, deps: CatalogueAdminRouteDeps) {
  const { db, auth, catalogueCache } = deps;
  const service = createCatalogueAdminService(db, () => catalogueCache.clear());
  const staff = roleGuard(auth, 'staff');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.staffWorks,
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
    API.staffWork,
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
      await staff.caller(request);
      const { isOnline, hidden } = request.body;
      return ok(await service.update(request.params.id, { isOnline, hidden }));
    },
  );

  await app.register(importJobsRoutes, deps);
}
