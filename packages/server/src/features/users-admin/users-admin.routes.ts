import {
  okEnvelope,
  RECOVERY_MSG,
  staffUserParams,
  staffUserResponse,
  staffUsersQuery,
  staffUsersResponse,
  staffUserUpdateBody,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, roleGuard } from '../../http/auth';
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
 * and (admins only) grant roles. Staff or admin only, checked before the input is read.
 */
export async function usersAdminRoutes(
  app: FastifyInstance,
  { usersAdmin: service, recovery, auth }: UsersAdminRouteDeps,
) {
  const staff = roleGuard(auth, 'staff');
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
          'Changes a user: VIP expiry (null ends VIP), disabled (ends every login at once), roles (admins only)',
        params: staffUserParams,
        body: staffUserUpdateBody,
        response: { 200: staffUserResponse, ...errors },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      const { vipUntil, disabled, roles } = request.body;
      return ok(await service.update(caller, request.params.id, { vipUntil, disabled, roles }));
    },
  );

  r.post(
    STAFF_API.userResetLink,
    {
      ...staff.hook,
      schema: {
        summary:
          "Mail the member a password reset link to their verified safe e-mail (the password stays the member's)",
        params: staffUserParams,
        response: { 200: okEnvelope, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request) => {
      await recovery.sendResetLinkFor(await staff.caller(request), request.params.id);
      return { code: 200, msg: RECOVERY_MSG.memberResetLinkSent };
    },
  );
}
