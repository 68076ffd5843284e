import {
  generateCodesBody,
  generatedCodesResponse,
  staffCodeBatchesQuery,
  staffCodeBatchesResponse,
  staffCodesQuery,
  staffCodesResponse,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import { type ActivationCodesService, defaultBatch } from './activation-codes.service';

export interface ActivationCodesStaffRouteDeps {
  activationCodes: ActivationCodesService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * Activation codes in the console (/v2/admin/codes…): generate a batch (its codes are shown
 * this once; only their hashes and tails are stored), list batches, list codes. Staff or admin only.
 */
export async function activationCodesStaffRoutes(
  app: FastifyInstance,
  { activationCodes: service, auth }: ActivationCodesStaffRouteDeps,
) {
  const staff = permissionGuard(auth, 'codes.manage');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    STAFF_API.codes,
    {
      ...staff.hook,
      schema: {
        summary:
          'Generates 1 … 1000 codes for a package within the caller’s daily cap; the answer is the only time they are shown',
        body: generateCodesBody,
        response: { 200: generatedCodesResponse, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      const { packageId, count } = request.body;
      // No such package: the service's 404 (VIP套餐不存在); past the daily cap its 429.
      const made = await service.mint(
        caller,
        packageId,
        count,
        request.body.batch ?? defaultBatch(new Date()),
      );
      return ok({
        batch: made.batch,
        packageId: made.package.id,
        packageName: made.package.name,
        codes: made.codes,
      });
    },
  );

  r.get(
    STAFF_API.codeBatches,
    {
      ...staff.hook,
      schema: {
        summary: 'Code batches, newest first, with how many codes each has and how many are used',
        querystring: staffCodeBatchesQuery,
        response: { 200: staffCodeBatchesResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { rows, total } = await service.batches(request.query.pageNum, request.query.pageSize);
      return table(rows, total);
    },
  );

  r.get(
    STAFF_API.codes,
    {
      ...staff.hook,
      schema: {
        summary: 'Codes (their tails), newest first; by batch, used or not, tail or redeeming user',
        querystring: staffCodesQuery,
        response: { 200: staffCodesResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { batch, used, keyword, pageNum, pageSize } = request.query;
      const { rows, total } = await service.codes({ batch, used, keyword }, pageNum, pageSize);
      return table(rows, total);
    },
  );
}
