import {
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
import type { UsersAdminService } from './users-admin.service';

export interface UsersAdminRouteDeps {
  usersAdmin: UsersAdminService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * Users in the console (/v2/admin/users…): search, set the VIP expiry, disable or re-enable,
 * and (admins only) grant roles. Staff or admin only, checked before the input is read.
 */
export async function usersAdminRoutes(
  app: FastifyInstance,
  { usersAdmin: service, auth }: UsersAdminRouteDeps,
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
}
