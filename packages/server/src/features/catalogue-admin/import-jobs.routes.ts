import {
  importJobParams,
  importJobResponse,
  importJobsQuery,
  importJobsResponse,
  STAFF_LIMITS,
  startImportBody,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import type { ImportJobsService } from './import-jobs.service';

export interface ImportJobsRouteDeps {
  imports: ImportJobsService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * A JSON body around the largest file: escaping (`\n`, `\"`) can double a JSON Lines text, and
 * anything larger is refused (413) before it is parsed.
 */
const IMPORT_BODY_LIMIT = 2 * STAFF_LIMITS.importMaxBytes + 1024 * 1024;

/** Catalogue imports from the console: start one (it runs in the background), list, poll. */
export async function importJobsRoutes(app: FastifyInstance, { imports, auth }: ImportJobsRouteDeps) {
  const staff = permissionGuard(auth, 'catalogue.manage');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    STAFF_API.imports,
    {
      // The role is checked before a body of up to 40 MB is read, not after.
      ...staff.onRequest,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: 'Starts a catalogue import of a JSON Lines text (as the CLI); answers the job at once',
        body: startImportBody,
        response: { 200: importJobResponse, ...errors, ...errorResponses(409, 413) },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      const { fileName, content } = request.body;
      return ok(await imports.start(caller, fileName, content));
    },
  );

  r.get(
    STAFF_API.imports,
    {
      ...staff.hook,
      schema: {
        summary: 'Catalogue import jobs, newest first',
        querystring: importJobsQuery,
        response: { 200: importJobsResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { rows, total } = await imports.list(request.query.pageNum, request.query.pageSize);
      return table(rows, total);
    },
  );

  r.get(
    STAFF_API.import,
    {
      ...staff.hook,
      schema: {
        summary: 'One import job: its progress while running, its totals and failed lines after',
        params: importJobParams,
        response: { 200: importJobResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      return ok(await imports.get(request.params.id));
    },
  );
}
