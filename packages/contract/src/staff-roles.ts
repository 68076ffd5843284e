// Roles by job (decision 071): what each console role may do. The server checks a permission on
// every console route; the console shows only the sections the caller's permissions open.

/** Roles of an account: every account is a member; the others are the console's jobs. */
export const ROLES = ['member', 'support', 'content', 'finance', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that open the console (every role but `member`). */
export const STAFF_ROLES = ['support', 'content', 'finance', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role as the console names it. */
export const ROLE_LABELS: Record<Role, string> = {
  member: '会员',
  support: '客服',
  content: '内容',
  finance: '财务',
  admin: '管理员',
};

/** What a console route may need; each route names exactly one. */
export const PERMISSIONS = [
  /** 客服消息: the inbox, any thread, reply, close. */
  'support.threads',
  /** 用户管理: find users and see their state. */
  'users.read',
  /** Disable or re-enable a member; mail a member a reset link. */
  'users.manage',
  /** Grant, change or end a member's VIP (with a reason). */
  'users.vip',
  /** 订单管理 (read only). */
  'orders.read',
  /** VIP 套餐 and their prices. */
  'packages.manage',
  /** 激活码: batches, codes, minting (capped per person and day). */
  'codes.manage',
  /** 作品管理 and catalogue imports. */
  'catalogue.manage',
  /** Videos: uploads, transcoding, stills. */
  'media.manage',
  /** 评论管理: hide and restore reviews. */
  'reviews.moderate',
  /** 云下载 requests. */
  'downloads.manage',
  /** Roles, staff accounts (disable), another staff member's second factor. */
  'staff.manage',
  /** 操作日志. */
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each role may do. `staff` before roles by job had every permission but the last two;
 * migration 0027 gave its holders support, content and finance together.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  member: [],
  support: ['support.threads', 'users.read', 'users.manage', 'orders.read'],
  content: ['catalogue.manage', 'media.manage', 'reviews.moderate', 'downloads.manage'],
  finance: ['orders.read', 'packages.manage', 'codes.manage', 'users.read', 'users.vip'],
  admin: PERMISSIONS,
};

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/** The permissions `roles` give together, in PERMISSIONS' order; unknown roles give none. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set(roles.filter(isRole).flatMap((role) => ROLE_PERMISSIONS[role]));
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

/** Whether `roles` include `permission`. */
export const hasPermission = (roles: readonly string[], permission: Permission): boolean =>
  roles.some((role) => isRole(role) && ROLE_PERMISSIONS[role].includes(permission));

/** Whether an account with `roles` is staff (opens the console at all). */
export const isStaffAccount = (roles: readonly string[]): boolean =>
  roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role));
