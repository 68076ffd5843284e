import {
  staffPackageBody,
  staffPackageParams,
  staffPackageResponse,
  staffPackagesQuery,
  staffPackagesResponse,
  staffPackageUpdateBody,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import { toStaffPackageRow } from './package-rows';
import type { VipPackagesService } from './vip-packages.service';

export interface VipPackagesStaffRouteDeps {
  vipPackages: VipPackagesService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * VIP packages in the console (/v2/admin/packages…): all of them (withdrawn too), add, change.
 * The same schema (the contract's vipPackageFields) and service as the admin CLI. Staff or admin only.
 */
export async function vipPackagesStaffRoutes(
  app: FastifyInstance,
  { vipPackages: service, auth }: VipPackagesStaffRouteDeps,
) {
  const staff = permissionGuard(auth, 'packages.manage');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    STAFF_API.packages,
    {
      ...staff.hook,
      schema: {
        summary: 'Every VIP package, on sale or withdrawn, in the shop order',
        querystring: staffPackagesQuery,
        response: { 200: staffPackagesResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const rows = (await service.list()).map(toStaffPackageRow);
      return table(rows, rows.length);
    },
  );

  r.post(
    STAFF_API.packages,
    {
      ...staff.hook,
      schema: {
        summary: 'Adds a VIP package (on sale and sorted last unless told otherwise)',
        body: staffPackageBody,
        response: { 200: staffPackageResponse, ...errors },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      return ok(toStaffPackageRow(await service.create(request.body, caller)));
    },
  );

  r.post(
    STAFF_API.package,
    {
      ...staff.hook,
      schema: {
        summary: 'Changes any of a package’s name, remark, prices, days, sort and status',
        params: staffPackageParams,
        body: staffPackageUpdateBody,
        response: { 200: staffPackageResponse, ...errors },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      return ok(toStaffPackageRow(await service.update(request.params.id, request.body, caller)));
    },
  );
}
