import {
  CLOUD_DOWNLOAD_STATUS,
  isStaffAccount,
  MESSAGE_STATUS,
  ORDER_STATUS,
  type PayChannel,
  type Permission,
  PERMISSIONS,
  ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '@yingku/contract';
import { PATHS } from '../../app/paths';
import { ADMIN_TEXT } from './texts';

/** Who is looking at /admin: the gate shows a login prompt, a refusal or the console. */
export type ConsoleViewer = 'visitor' | 'member' | 'staff';

/**
 * The viewer of a getInfo answer's roles (null: no login): any console role (客服, 内容, 财务,
 * 管理员) opens the console; what it shows there is {@link consolePermissions}' to say.
 */
export function consoleViewer(user: { roles: readonly string[] } | null | undefined): ConsoleViewer {
  if (!user) return 'visitor';
  return isStaffAccount(user.roles) ? 'staff' : 'member';
}

/**
 * What the caller may do in the console: getInfo's `permissions` (the server's own list for the
 * caller's roles), the known ones only, so the console and the server's checks cannot disagree.
 */
export function consolePermissions(user: { permissions: readonly string[] }): Permission[] {
  return PERMISSIONS.filter((permission) => user.permissions.includes(permission));
}

/** The caller's console roles as the top bar names them (会员 left out), in STAFF_ROLES' order. */
export const staffRoleLabels = (roles: readonly string[]): { role: StaffRole; label: string }[] =>
  STAFF_ROLES.filter((role) => roles.includes(role)).map((role) => ({ role, label: ROLE_LABELS[role] }));

/** An account's roles as the users list shows them: its console roles, or 会员 when it has none. */
export const roleNames = (roles: readonly string[]): string =>
  staffRoleLabels(roles)
    .map(({ label }) => label)
    .join('、') || ROLE_LABELS.member;

/**
 * The console's sections, in sidebar order; each is `/admin/{path}` and opens with its
 * permission (the one its list's route checks).
 */
export const ADMIN_SECTIONS = [
  { path: 'inbox', label: ADMIN_TEXT.inbox, permission: 'support.threads' },
  { path: 'orders', label: ADMIN_TEXT.orders, permission: 'orders.read' },
  { path: 'packages', label: ADMIN_TEXT.packages, permission: 'packages.manage' },
  { path: 'codes', label: ADMIN_TEXT.codes, permission: 'codes.manage' },
  { path: 'users', label: ADMIN_TEXT.users, permission: 'users.read' },
  { path: 'catalogue', label: ADMIN_TEXT.catalogue, permission: 'catalogue.manage' },
  { path: 'downloads', label: ADMIN_TEXT.downloads, permission: 'downloads.manage' },
  { path: 'reviews', label: ADMIN_TEXT.reviews, permission: 'reviews.moderate' },
  { path: 'audit', label: ADMIN_TEXT.audit, permission: 'audit.read' },
] as const satisfies readonly { path: string; label: string; permission: Permission }[];
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminSectionPath = AdminSection['path'];

/** The sections `permissions` open, in sidebar order; the first is where /admin leads. */
export const openSections = (permissions: readonly Permission[]): AdminSection[] =>
  ADMIN_SECTIONS.filter((section) => permissions.includes(section.permission));

export const ADMIN_ROOT = PATHS.admin;
export const sectionPath = (section: AdminSectionPath, rest?: string) =>
  `${ADMIN_ROOT}/${section}${rest ? `/${encodeURIComponent(rest)}` : ''}`;

/** A tag as the console shows it: its text and antd-mobile colour. */
export interface TagView {
  label: string;
  color: 'warning' | 'success' | 'default' | 'danger' | 'primary';
}

/** docs/product.md §4's thread status from customer service's side: 0 待回复, 1 已回复, 9 已关闭. */
export function threadStatusTag(status: number): TagView {
  if (status === MESSAGE_STATUS.closed) return { label: ADMIN_TEXT.statusClosed, color: 'default' };
  if (status === MESSAGE_STATUS.replied) return { label: ADMIN_TEXT.statusReplied, color: 'success' };
  return { label: ADMIN_TEXT.statusAwaiting, color: 'warning' };
}

/** An order's status: 0 未支付, 1 已支付, 2 已关闭 (anything else shown as its number). */
export function orderStatusTag(status: number): TagView {
  if (status === ORDER_STATUS.paid) return { label: ADMIN_TEXT.orderPaid, color: 'success' };
  if (status === ORDER_STATUS.closed) return { label: ADMIN_TEXT.orderClosed, color: 'default' };
  if (status === ORDER_STATUS.unpaid) return { label: ADMIN_TEXT.orderUnpaid, color: 'warning' };
  return { label: String(status), color: 'default' };
}

export const payChannelLabel = (channel: PayChannel) =>
  channel === 'alipay' ? ADMIN_TEXT.channelAlipay : ADMIN_TEXT.channelWeixin;

/** Pages of a list of `total` rows (at least one, so an empty list reads 1/1). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The console's `YYYY-MM-DD HH:mm:ss` as a datetime-local input's value (`YYYY-MM-DDTHH:mm:ss`);
 * empty for none.
 */
export function toDateTimeInput(time: string | null): string {
  const match = time ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?/.exec(time) : null;
  return match ? `${match[1]}T${match[2]}${match[3] ?? ':00'}` : '';
}

/**
 * A datetime-local value (seconds optional: the browser leaves `:00` out) as the console's
 * `YYYY-MM-DD HH:mm:ss`; null for an empty input. Anything else is passed on as typed, for the
 * server to refuse with its message.
 */
export function fromDateTimeInput(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(trimmed);
  return match ? `${match[1]} ${match[2]}${match[3] ?? ':00'}` : trimmed;
}

/** An integer typed into a form (`-3`, `30`), or undefined when it is not one. */
export function parseInteger(text: string): number | undefined {
  const trimmed = text.trim();
  return /^-?\d{1,10}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The file name a batch's CSV downloads as: its name with path and odd characters replaced. */
export function codesCsvFileName(batch: string): string {
  const safe = batch.replace(/[^\p{L}\p{N}_.-]+/gu, '_').replace(/^_+|_+$/g, '');
  return `activation-codes${safe ? `-${safe}` : ''}.csv`;
}

/** The generated codes as the 复制全部 button copies them: one a line. */
export const codesAsText = (codes: readonly string[]) => codes.join('\n');

/** A time as the lists show it (`YYYY-MM-DD HH:mm`), or — for none. */
export function shownTime(time: string | null | undefined): string {
  if (!time) return ADMIN_TEXT.none;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(time);
  return match ? `${match[1]} ${match[2]}` : time;
}

/** A code as the list shows it: only its last characters are kept (— for codes made before that). */
export const codeTailShown = (tail: string) => (tail ? `…${tail}` : ADMIN_TEXT.none);

/** A cloud-download request's status: 0 待处理, 1 已完成. */
export function downloadStatusTag(status: number): TagView {
  return status === CLOUD_DOWNLOAD_STATUS.done
    ? { label: ADMIN_TEXT.downloadDone, color: 'success' }
    : { label: ADMIN_TEXT.downloadRequested, color: 'warning' };
}

/**
 * A link a user gave, as something the console may open: web and magnet links only (never a
 * `javascript:` or `data:` address); undefined otherwise, and the text is shown unlinked.
 */
export function openableLink(url: string): string | undefined {
  const trimmed = url.trim();
  return /^(https?:\/\/|magnet:\?)/i.test(trimmed) ? trimmed : undefined;
}
