import {
  okEnvelope,
  RECOVERY_MSG,
  staffUserParams,
  staffUserResponse,
  staffUsersQuery,
  staffUsersResponse,
  staffUserUpdateBody,
  staffTwoFactorResetBody,
  STAFF_MSG,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import type { RecoveryService } from '../account-recovery/recovery.service';
import type { UsersAdminService } from './users-admin.service';

export interface UsersAdminRouteDeps {
  usersAdmin: UsersAdminService;
  /** 发送重置链接: the member's reset link goes out through the recovery service. */
  recovery: RecoveryService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * Users in the console (/v2/admin/users…): search, set the VIP expiry, disable or re-enable,
 * and grant roles — each change checked against its own permission by the service.
 */
export async function usersAdminRoutes(
  app: FastifyInstance,
  { usersAdmin: service, recovery, auth }: UsersAdminRouteDeps,
) {
  const staff = permissionGuard(auth, 'users.read');
  const manager = permissionGuard(auth, 'users.manage');
  const admins = permissionGuard(auth, 'staff.manage');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    STAFF_API.users,
    {
      ...staff.hook,
      schema: {
        summary: 'Users, newest first; by user name prefix, id or e-mail',
        querystring: staffUsersQuery,
        response: { 200: staffUsersResponse, ...errors },
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
    STAFF_API.user,
    {
      ...staff.hook,
      schema: {
        summary:
          'Changes a user: VIP expiry (null ends VIP; with a reason), disabled (ends every login at once), roles',
        params: staffUserParams,
        body: staffUserUpdateBody,
        response: { 200: staffUserResponse, ...errors },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      const { vipUntil, disabled, roles, reason } = request.body;
      return ok(await service.update(caller, request.params.id, { vipUntil, disabled, roles, reason }));
    },
  );

  r.post(
    STAFF_API.userTwoFactorReset,
    {
      ...admins.hook,
      schema: {
        summary: "Turns off another account's second factor and ends its logins (with a reason)",
        params: staffUserParams,
        body: staffTwoFactorResetBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      const caller = await admins.caller(request);
      await service.resetSecondFactor(caller, request.params.id, request.body.reason);
      return { code: 200, msg: STAFF_MSG.twoFactorReset };
    },
  );

  r.post(
    STAFF_API.userResetLink,
    {
      ...manager.hook,
      schema: {
        summary:
          "Mail the member a password reset link to their verified safe e-mail (the password stays the member's)",
        params: staffUserParams,
        response: { 200: okEnvelope, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request) => {
      await recovery.sendResetLinkFor(await manager.caller(request), request.params.id);
      return { code: 200, msg: RECOVERY_MSG.memberResetLinkSent };
    },
  );
}
