import type { Role, StaffUserRow, StaffUserUpdateBody } from '@yingku/contract';
import { fromDateTimeInput, toDateTimeInput } from '../admin-model';

/** The user dialog's fields: VIP end as a datetime-local value ('' for none) and the roles. */
export interface UserFormValues {
  vipUntil: string;
  roles: Role[];
}

export const userFormValues = (user: StaffUserRow): UserFormValues => ({
  vipUntil: toDateTimeInput(user.vipUntil),
  roles: [...user.roles],
});

const sameRoles = (a: readonly Role[], b: readonly Role[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * What saving the dialog sends: only what changed (roles only when the viewer is an admin);
 * null when nothing did. `member` is always kept.
 */
export function userChanges(
  user: StaffUserRow,
  values: UserFormValues,
  isAdmin: boolean,
): Omit<StaffUserUpdateBody, 'appId' | 'isDht'> | null {
  const body: { vipUntil?: string | null; roles?: Role[] } = {};
  const vipUntil = fromDateTimeInput(values.vipUntil);
  if (vipUntil !== fromDateTimeInput(toDateTimeInput(user.vipUntil))) body.vipUntil = vipUntil;
  const roles: Role[] = values.roles.includes('member') ? values.roles : ['member', ...values.roles];
  if (isAdmin && !sameRoles(roles, user.roles)) body.roles = roles;
  return Object.keys(body).length > 0 ? body : null;
}

/** Toggles `role` in a role list (`member` cannot be taken away). */
export function toggleRole(roles: readonly Role[], role: Role, on: boolean): Role[] {
  if (role === 'member') return [...roles];
  const without = roles.filter((r) => r !== role);
  return on ? [...without, role] : without;
}
