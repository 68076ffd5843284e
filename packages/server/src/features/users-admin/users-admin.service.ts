import { isStaffAccount, type Role, ROLES, SERVER_MSG, STAFF_MSG, type StaffUserRow } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { requirePermission, requireRecentConfirmation, type StaffCaller } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import type { AuditEntry, AuditRecorder } from '../staff-audit/audit.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import { createUsersAdminRepo, type StaffUserRecord, type UserChanges } from './users-admin.repo';
import { pageOffset } from '../../http/paging';

/** Roles in their canonical order, each once, `member` always among them (every account is one). */
export function canonicalRoles(roles: readonly string[]): Role[] {
  const wanted = new Set<string>(['member', ...roles]);
  return ROLES.filter((role) => wanted.has(role));
}

export interface UsersAdminDeps {
  db: Kysely<DB>;
  /** Each change's audit entry, in the change's transaction (features/staff-audit). */
  audit: AuditRecorder;
  /** Turns another account's second factor off (features/two-factor). */
  twoFactor: Pick<TwoFactorService, 'resetFor'>;
}

/** A console change of a user: the fields, and why (required for a VIP change). */
export interface UserChangeRequest extends UserChanges {
  reason?: string | undefined;
}

/**
 * Users in the console: search, and the changes staff make, each needing its permission: VIP
 * expiry `users.vip` (with a reason), disabled `users.manage`, roles — and disabling a staff
 * account — `staff.manage`. An admin cannot lock itself out (remove its own admin role or
 * disable itself). Each change writes its audit entry in its own transaction.
 */
export function createUsersAdminService({ db, audit, twoFactor }: UsersAdminDeps) {
  const repo = createUsersAdminRepo(db);

  return {
    async list(keyword: string | undefined, pageNum: number, pageSize: number) {
      const { rows, total } = await repo.list(keyword, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map(toRow), total };
    },

    async update(caller: StaffCaller, userId: string, changes: UserChangeRequest): Promise<StaffUserRow> {
      let roles: Role[] | undefined;
      if (changes.roles !== undefined) {
        requirePermission(caller, 'staff.manage');
        roles = canonicalRoles(changes.roles);
      }
      if (changes.vipUntil !== undefined) {
        requirePermission(caller, 'users.vip');
        if (!changes.reason) throw badRequest(STAFF_MSG.reasonRequired);
      }
      if (changes.disabled !== undefined) requirePermission(caller, 'users.manage');
      // VIP by hand and roles are what a stolen login would be used for.
      if (changes.vipUntil !== undefined || roles !== undefined) requireRecentConfirmation(caller);
      const self = caller.userId === userId;
      if (self && roles !== undefined && !roles.includes('admin') && caller.roles.includes('admin')) {
        throw badRequest(SERVER_MSG.cannotRemoveOwnAdmin);
      }
      if (self && changes.disabled === true) throw badRequest(SERVER_MSG.cannotDisableSelf);
      return repo.inTransaction(async (trx) => {
        if (!(await repo.lock(userId, trx))) throw notFound(SERVER_MSG.userNotFound);
        const before = await repo.find(userId, trx);
        if (!before) throw notFound(SERVER_MSG.userNotFound);
        // Staff may not lock out a colleague or an admin: only staff.manage disables a staff account.
        if (changes.disabled !== undefined && isStaffAccount(before.roles)) {
          requirePermission(caller, 'staff.manage');
        }
        const { vipUntil, disabled } = changes;
        if (!(await repo.update(userId, { vipUntil, disabled, roles }, trx))) {
          throw notFound(SERVER_MSG.userNotFound);
        }
        const after = await repo.find(userId, trx);
        if (!after) throw notFound(SERVER_MSG.userNotFound);
        for (const entry of auditEntries(userId, before, after, changes)) await audit(caller, entry, trx);
        return toRow(after);
      });
    },

    /**
     * Turns off another account's second factor and ends its logins (a lost phone): for
     * `staff.manage`, freshly confirmed, with a reason; a staff account enrols again at its next
     * sign-in. 400 when the account has none.
     */
    async resetSecondFactor(caller: StaffCaller, userId: string, reason: string): Promise<void> {
      requirePermission(caller, 'staff.manage');
      requireRecentConfirmation(caller);
      if (caller.userId === userId) throw badRequest(STAFF_MSG.cannotResetOwnTwoFactor);
      await repo.inTransaction(async (trx) => {
        if (!(await repo.lock(userId, trx))) throw notFound(SERVER_MSG.userNotFound);
        const { wasOn, endedSessions } = await twoFactor.resetFor(userId, trx);
        if (!wasOn) throw badRequest(STAFF_MSG.twoFactorNotOn);
        const about = { objectType: 'user', objectId: userId } as const;
        const change = { before: { twoFactor: true }, after: { twoFactor: false, endedSessions } };
        await audit(caller, { action: 'user.twoFactorReset', ...about, ...change, reason }, trx);
      });
    },
  };
}

/** One entry per kind of change asked for (a VIP change keeps its reason). */
function auditEntries(
  userId: string,
  before: StaffUserRecord,
  after: StaffUserRecord,
  changes: UserChangeRequest,
): AuditEntry[] {
  const entries: AuditEntry[] = [];
  const about = { objectType: 'user', objectId: userId } as const;
  if (changes.vipUntil !== undefined) {
    entries.push({
      ...about,
      action: 'user.vip',
      before: { vipUntil: before.vipUntil, levelId: before.levelId },
      after: { vipUntil: after.vipUntil, levelId: after.levelId },
      reason: changes.reason ?? null,
    });
  }
  if (changes.disabled !== undefined) {
    entries.push({
      ...about,
      action: changes.disabled ? 'user.disable' : 'user.enable',
      before: { disabled: before.disabled },
      after: { disabled: after.disabled },
      reason: changes.reason ?? null,
    });
  }
  if (changes.roles !== undefined) {
    entries.push({
      ...about,
      action: 'user.roles',
      before: { roles: canonicalRoles(before.roles) },
      after: { roles: canonicalRoles(after.roles) },
      reason: changes.reason ?? null,
    });
  }
  return entries;
}

function toRow(row: StaffUserRecord): StaffUserRow {
  return { ...row, roles: canonicalRoles(row.roles) };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
