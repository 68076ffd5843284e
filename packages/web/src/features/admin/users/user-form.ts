import {
  isStaffAccount,
  type Permission,
  reasonField,
  type Role,
  type StaffUserRow,
  type StaffUserUpdateBody,
} from '@yingku/contract';
import type { WriteBody } from '../../../api/admin';
import { fromDateTimeInput, toDateTimeInput } from '../admin-model';

/** The user dialog's fields: VIP end as a datetime-local value ('' for none), the roles, and why. */
export interface UserFormValues {
  vipUntil: string;
  roles: Role[];
  /** Why the VIP end changes (required with it; kept in the audit log). */
  reason: string;
}

export const userFormValues = (user: StaffUserRow): UserFormValues => ({
  vipUntil: toDateTimeInput(user.vipUntil),
  roles: [...user.roles],
  reason: '',
});

/**
 * What the caller may do to a user, each the server's own check: the VIP end `users.vip`, the
 * roles `staff.manage`, 停用/启用 `users.manage` (a staff account's also `staff.manage`; never
 * one's own) and 发送重置链接 `users.manage`.
 */
export interface UserControls {
  vip: boolean;
  roles: boolean;
  disable: boolean;
  resetLink: boolean;
  /** 重置两步验证 (a lost phone): `staff.manage`, never one's own. */
  twoFactorReset: boolean;
}

export function userControls(
  permissions: readonly Permission[],
  user: Pick<StaffUserRow, 'userId' | 'roles'>,
  selfId: string,
): UserControls {
  const can = (permission: Permission) => permissions.includes(permission);
  return {
    vip: can('users.vip'),
    roles: can('staff.manage'),
    disable:
      can('users.manage') && user.userId !== selfId && (!isStaffAccount(user.roles) || can('staff.manage')),
    resetLink: can('users.manage'),
    twoFactorReset: can('staff.manage') && user.userId !== selfId,
  };
}

/** Whether 编辑 has anything to offer: the VIP end, the roles or 停用/启用. */
export const canEditUser = (controls: UserControls) => controls.vip || controls.roles || controls.disable;

const sameRoles = (a: readonly Role[], b: readonly Role[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

export type UserChangeBody = WriteBody<StaffUserUpdateBody>;

/**
 * What saving the dialog sends: only what changed and the caller may change (a VIP end with its
 * reason); null when nothing did. `member` is always kept.
 */
export function userChanges(
  user: StaffUserRow,
  values: UserFormValues,
  controls: Pick<UserControls, 'vip' | 'roles'>,
): UserChangeBody | null {
  const body: { vipUntil?: string | null; roles?: Role[]; reason?: string } = {};
  const vipUntil = fromDateTimeInput(values.vipUntil);
  if (controls.vip && vipUntil !== fromDateTimeInput(toDateTimeInput(user.vipUntil))) {
    body.vipUntil = vipUntil;
    body.reason = values.reason.trim();
  }
  const roles: Role[] = values.roles.includes('member') ? values.roles : ['member', ...values.roles];
  if (controls.roles && !sameRoles(roles, user.roles)) body.roles = roles;
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * Why `body` cannot go yet: a VIP change without a fitting reason (the contract's own check and
 * message, STAFF_MSG.reasonRequired); undefined when it can.
 */
export function reasonProblem(body: UserChangeBody): string | undefined {
  if (body.vipUntil === undefined) return undefined;
  const checked = reasonField.safeParse(body.reason ?? '');
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** Toggles `role` in a role list (`member` cannot be taken away). */
export function toggleRole(roles: readonly Role[], role: Role, on: boolean): Role[] {
  if (role === 'member') return [...roles];
  const without = roles.filter((r) => r !== role);
  return on ? [...without, role] : without;
}
