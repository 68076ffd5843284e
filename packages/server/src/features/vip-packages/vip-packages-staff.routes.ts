import {
  API,
  errorEnvelope,
  formatYuan,
  staffPackageBody,
  staffPackageParams,
  staffPackageResponse,
  type StaffPackageRow,
  staffPackagesQuery,
  staffPackagesResponse,
  staffPackageUpdateBody,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, roleGuard } from '../../http/auth';
import { ok, table } from '../../http/envelope';
import { AppError } from '../../http/errors';
import {
  type PackageInput,
  PackageError,
  type VipPackageRecord,
  type VipPackagesService,
} from './vip-packages.service';

export interface VipPackagesStaffRouteDeps {
  packages: VipPackagesService;
  auth: Authenticator;
}

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  500: errorEnvelope,
};

/** The console's fields as the service's input (the service checks them again, as for the CLI). */
interface ConsoleFields {
  name?: string | undefined;
  remark?: string | undefined;
  price?: string | undefined;
  origPrice?: string | undefined;
  days?: number | undefined;
  sort?: number | undefined;
  status?: number | undefined;
}

function toInput(fields: ConsoleFields): PackageInput {
  const input: PackageInput = {};
  if (fields.name !== undefined) input.name = fields.name;
  if (fields.remark !== undefined) input.remark = fields.remark;
  if (fields.price !== undefined) input.price = fields.price;
  if (fields.origPrice !== undefined) input.origPrice = fields.origPrice;
  if (fields.days !== undefined) input.days = fields.days;
  if (fields.sort !== undefined) input.sortOrder = fields.sort;
  if (fields.status !== undefined) input.status = fields.status;
  return input;
}

export function toStaffPackageRow(pkg: VipPackageRecord): StaffPackageRow {
  return {
    id: pkg.id,
    name: pkg.name,
    remark: pkg.remark,
    currentPrice: formatYuan(pkg.priceCents),
    origPrice: formatYuan(pkg.origPriceCents),
    days: pkg.days,
    sort: pkg.sortOrder,
    status: pkg.status,
    createTime: pkg.createTime,
  };
}

/** A refused change as the envelope: the Chinese text, 400 (or 404 for no such package). */
async function consoleErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof PackageError) throw new AppError(err.status, err.msg);
    throw err;
  }
}

/**
 * VIP packages in the console (/v2/admin/packages…): all of them (withdrawn too), add, change.
 * The same service and checks as the admin CLI. Staff or admin only.
 */
export async function vipPackagesStaffRoutes(
  app: FastifyInstance,
  { packages: service, auth }: VipPackagesStaffRouteDeps,
) {
  const staff = roleGuard(auth, 'staff');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.staffPackages,
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
    API.staffPackages,
    {
      ...staff.hook,
      schema: {
        summary: 'Adds a VIP package (on sale and sorted last unless told otherwise)',
        body: staffPackageBody,
        response: { 200: staffPackageResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { name, price, origPrice, days } = request.body;
      const input = { ...toInput(request.body), name, price, origPrice, days };
      return ok(toStaffPackageRow(await consoleErrors(service.create(input))));
    },
  );

  r.post(
    API.staffPackage,
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
      await staff.caller(request);
      const updated = await consoleErrors(service.update(request.params.id, toInput(request.body)));
      return ok(toStaffPackageRow(updated));
    },
  );
}
