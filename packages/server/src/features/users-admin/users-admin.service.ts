import { type Role, ROLES, SERVER_MSG, type StaffUserRow } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Caller, requireRole } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { createUsersAdminRepo, type StaffUserRecord, type UserChanges } from './users-admin.repo';
import { pageOffset } from '../../http/paging';

/** Roles in their canonical order, each once, `member` always among them (every account is one). */
export function canonicalRoles(roles: readonly string[]): Role[] {
  const wanted = new Set<string>(['member', ...roles]);
  return ROLES.filter((role) => wanted.has(role));
}

/**
 * Users in the console: search, and the changes staff make (VIP expiry, disabled). Granting
 * roles, and disabling a staff or admin account, is for admins only; an admin cannot lock
 * itself out (remove its own admin role or disable itself).
 */
export function createUsersAdminService(db: Kysely<DB>) {
  const repo = createUsersAdminRepo(db);

  return {
    async list(keyword: string | undefined, pageNum: number, pageSize: number) {
      const { rows, total } = await repo.list(keyword, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map(toRow), total };
    },

    async update(caller: Caller, userId: string, changes: UserChanges): Promise<StaffUserRow> {
      let roles: Role[] | undefined;
      if (changes.roles !== undefined) {
        if (!caller.roles.includes('admin')) throw forbidden(SERVER_MSG.adminOnly);
        roles = canonicalRoles(changes.roles);
      }
      requireRole(caller, 'staff');
      const self = caller.userId === userId;
      if (self && roles !== undefined && !roles.includes('admin') && caller.roles.includes('admin')) {
        throw badRequest(SERVER_MSG.cannotRemoveOwnAdmin);
      }
      if (self && changes.disabled === true) throw badRequest(SERVER_MSG.cannotDisableSelf);
      const target = await repo.find(userId);
      if (!target) throw notFound(SERVER_MSG.userNotFound);
      // Staff may not lock out a colleague or an admin: only an admin disables a staff account.
      const isStaffAccount = target.roles.includes('staff') || target.roles.includes('admin');
      if (changes.disabled !== undefined && isStaffAccount && !caller.roles.includes('admin')) {
        throw forbidden(SERVER_MSG.adminOnly);
      }
      if (!(await repo.update(userId, { ...changes, roles }))) throw notFound(SERVER_MSG.userNotFound);
      const row = await repo.find(userId);
      if (!row) throw notFound(SERVER_MSG.userNotFound);
      return toRow(row);
    },
  };
}

function toRow(row: StaffUserRecord): StaffUserRow {
  return { ...row, roles: canonicalRoles(row.roles) };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
