/** The operators' console: orders, users, VIP packages and activation codes (staff or admin). */
import { z } from 'zod';
import { STAFF_LIMITS, STAFF_PAGE_SIZE } from '../staff-limits';
import { SERVER_MSG } from '../server-messages';
import { clientFields } from './account';
import {
  dataEnvelope,
  idString,
  pageNumParam,
  pageSizeParam,
  tableEnvelope,
  textParam,
  yuanAmount,
} from './common';
import { parsePrice } from '../money';
import { PAY_CHANNELS } from './commerce';

import { ROLES } from '../staff-roles';
import { reasonField } from './staff-fields';

/** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai, as the console reads and writes times. */
const TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether `text` is `YYYY-MM-DD HH:mm:ss` naming a real calendar moment. */
export function isConsoleTime(text: string): boolean {
  const match = TIME_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1970 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/**
 * A price in yuan as staff type it: `45`, `45.5` or `45.50` (a JSON number is read as its text),
 * parsed by money.ts {@link parsePrice}. Its output is whole cents, never a float of yuan.
 */
export const yuanField = z.union([z.string(), z.number()], SERVER_MSG.priceInvalid).transform((v, ctx) => {
  const cents = parsePrice(String(v));
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: SERVER_MSG.priceInvalid });
    return z.NEVER;
  }
  return cents;
});

/** An optional free-text search of a console list: trimmed; empty means none. */
const keywordParam = textParam(STAFF_LIMITS.staffKeywordMax)
  .optional()
  .transform((v) => (v ? v : undefined));

const atLeastOne = (body: Record<string, unknown>) =>
  Object.entries(body).some(([key, value]) => key !== 'appId' && key !== 'isDht' && value !== undefined);

// ——— Orders ———

/**
 * GET /v2/admin/orders — every user's orders, newest first. `keyword`: an order id, a user id,
 * or a user name (case-insensitive, exact or prefix).
 */
export const staffOrdersQuery = z.object({
  ...clientFields,
  keyword: keywordParam,
  status: z.enum(['0', '1', '2']).transform(Number).optional(),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffOrders),
});
export type StaffOrdersQuery = z.input<typeof staffOrdersQuery>;

export const staffOrderRow = z.object({
  orderId: z.string(),
  userId: z.string(),
  userName: z.string(),
  /** The package bought, e.g. 年卡. */
  payName: z.string(),
  /** Yuan text, two decimals, e.g. `45.00`. */
  amount: yuanAmount,
  payChannel: z.enum(PAY_CHANNELS),
  /** sandbox, alipay or wechat. */
  provider: z.string(),
  providerTradeNo: z.string().nullable(),
  /** ORDER_STATUS: 0 unpaid, 1 paid, 2 closed. */
  status: z.number().int(),
  createTime: z.string(),
  payTime: z.string().nullable(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRow>;
export const staffOrdersResponse = tableEnvelope(staffOrderRow);

// ——— Users ———

/** GET /v2/admin/users — `keyword`: a user name prefix (any case), an exact user id or an e-mail. */
export const staffUsersQuery = z.object({
  ...clientFields,
  keyword: keywordParam,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffUsers),
});
export type StaffUsersQuery = z.input<typeof staffUsersQuery>;

export const staffUserRow = z.object({
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  /** The level in force: the paid level while vipUntil lies ahead, else 1 (member). */
  levelId: z.number().int(),
  groupName: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai; null when never VIP. May lie in the past. */
  vipUntil: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  disabled: z.boolean(),
  createTime: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type StaffUserRow = z.infer<typeof staffUserRow>;
export const staffUsersResponse = tableEnvelope(staffUserRow);
export const staffUserResponse = dataEnvelope(staffUserRow);

/** /v2/admin/users/{id}. */
export const staffUserParams = z.object({ id: idString });

/**
 * POST /v2/admin/users/{id} — any of: `vipUntil` (VIP, level 2, until then; null ends VIP),
 * `disabled` (stops every login of the account at once), `roles` (admins only; `member` is
 * always kept). An admin cannot take its own admin role away nor disable itself. `reason`
 * (why, for the audit log) is required with `vipUntil`.
 */
export const staffUserUpdateBody = z
  .object({
    ...clientFields,
    vipUntil: z
      .string(SERVER_MSG.vipUntilInvalid)
      .trim()
      .refine(isConsoleTime, SERVER_MSG.vipUntilInvalid)
      .nullable()
      .optional(),
    disabled: z.boolean(SERVER_MSG.badRequest).optional(),
    roles: z
      .array(z.enum(ROLES, SERVER_MSG.rolesInvalid), SERVER_MSG.rolesInvalid)
      .max(ROLES.length * 2, SERVER_MSG.rolesInvalid)
      .optional(),
    /** Why (kept in the audit log); required with `vipUntil`. */
    reason: reasonField.optional(),
  })
  .refine(({ reason: _reason, ...changes }) => atLeastOne(changes), SERVER_MSG.nothingToChange);
export type StaffUserUpdateBody = z.input<typeof staffUserUpdateBody>;

/** POST /v2/admin/users/{id}/two-factor/reset — why (kept in the audit log). */
export const staffTwoFactorResetBody = z.object({ ...clientFields, reason: reasonField });

// ——— VIP packages ———

/** A VIP package as the console shows it: on sale or withdrawn, prices as yuan text. */
export const staffPackageRow = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  /** Yuan text, two decimals, e.g. `45.00`. */
  currentPrice: yuanAmount,
  origPrice: yuanAmount,
  days: z.number().int(),
  sort: z.number().int(),
  /** 0 on sale, 1 withdrawn. */
  status: z.number().int(),
  createTime: z.string(),
});
export type StaffPackageRow = z.infer<typeof staffPackageRow>;

/** GET /v2/admin/packages — every package, withdrawn ones too, in the shop's order. */
export const staffPackagesQuery = z.object({ ...clientFields });
export const staffPackagesResponse = tableEnvelope(staffPackageRow);
export const staffPackageResponse = dataEnvelope(staffPackageRow);

/** /v2/admin/packages/{id}. */
export const staffPackageParams = z.object({ id: idString });

/** The lowest VIP level (0 visitor, 1 member): what a package grants unless told otherwise. */
export const PACKAGE_VIP_LEVEL = 2;
/** levels.id is a smallint. */
const MAX_LEVEL = 32_767;
/** vip_packages.sort_order is an integer (int4). */
const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** Characters as people count them (and PostgreSQL's char_length): code points, not UTF-16 units. */
const chars = (text: string) => [...text].length;
/** One line: no control character (tab, line break, NUL…). */
const oneLine = (text: string) => !/\p{Cc}/u.test(text);

/**
 * Every rule of a VIP package's fields, once (decision 038): the console's bodies below, the web's
 * package form and the admin CLI (`package-add`, `package-set`) all parse through these, and
 * the vip-packages service trusts what comes out. Texts are trimmed; prices come out as cents.
 * What only the database can tell (a name taken, no such package, an original price below the
 * stored price) the service answers.
 */
export const vipPackageFields = z.object({
  name: z
    .string(SERVER_MSG.packageNameInvalid)
    .trim()
    .refine(
      (v) => chars(v) >= 1 && chars(v) <= STAFF_LIMITS.packageNameMax && oneLine(v),
      SERVER_MSG.packageNameInvalid,
    )
    // `package-set 101` means the package with id 101, so a name may not look like one.
    .refine((v) => !/^\d+$/.test(v), SERVER_MSG.packageNameDigits),
  remark: z
    .string(SERVER_MSG.packageRemarkTooLong)
    .trim()
    .refine((v) => chars(v) <= STAFF_LIMITS.packageRemarkMax && oneLine(v), SERVER_MSG.packageRemarkTooLong),
  /** The price paid, as cents. */
  price: yuanField,
  /** The struck-through price, as cents (not below the price: the service checks the pair). */
  origPrice: yuanField,
  days: z
    .number(SERVER_MSG.packageDaysInvalid)
    .int(SERVER_MSG.packageDaysInvalid)
    .min(1, SERVER_MSG.packageDaysInvalid)
    .max(STAFF_LIMITS.packageDaysMax, SERVER_MSG.packageDaysInvalid),
  /** The level granted (levels.id); neither the console nor the CLI sets it (default 2). */
  levelId: z
    .number(SERVER_MSG.badRequest)
    .int(SERVER_MSG.badRequest)
    .min(PACKAGE_VIP_LEVEL, SERVER_MSG.badRequest)
    .max(MAX_LEVEL, SERVER_MSG.badRequest),
  /** The place in the shop, lower first. */
  sort: z
    .number(SERVER_MSG.packageSortInvalid)
    .int(SERVER_MSG.packageSortInvalid)
    .min(INT4.min, SERVER_MSG.packageSortInvalid)
    .max(INT4.max, SERVER_MSG.packageSortInvalid),
  /** 0 on sale, 1 withdrawn. */
  status: z.union([z.literal(0), z.literal(1)], SERVER_MSG.packageStatusInvalid),
});
/** A package's fields as checked: trimmed texts, prices in cents. */
export type VipPackageFields = z.output<typeof vipPackageFields>;

const field = vipPackageFields.shape;

/** POST /v2/admin/packages — a new package (on sale and sorted last unless told otherwise). */
export const staffPackageBody = z.object({
  ...clientFields,
  name: field.name,
  remark: field.remark.optional(),
  price: field.price,
  origPrice: field.origPrice,
  days: field.days,
  sort: field.sort.optional(),
  status: field.status.optional(),
});
export type StaffPackageBody = z.input<typeof staffPackageBody>;

/** POST /v2/admin/packages/{id} — changes any of the fields (at least one). */
export const staffPackageUpdateBody = z
  .object({
    ...clientFields,
    name: field.name.optional(),
    remark: field.remark.optional(),
    price: field.price.optional(),
    origPrice: field.origPrice.optional(),
    days: field.days.optional(),
    sort: field.sort.optional(),
    status: field.status.optional(),
  })
  .refine(atLeastOne, SERVER_MSG.nothingToChange);
export type StaffPackageUpdateBody = z.input<typeof staffPackageUpdateBody>;

// ——— Activation codes ———

/** POST /v2/admin/codes — a batch of new codes for a package; `batch` names it (default: a time). */
export const generateCodesBody = z.object({
  ...clientFields,
  packageId: idString,
  count: z
    .number(SERVER_MSG.codeCountInvalid)
    .int(SERVER_MSG.codeCountInvalid)
    .min(1, SERVER_MSG.codeCountInvalid)
    .max(STAFF_LIMITS.codesPerBatch, SERVER_MSG.codeCountInvalid),
  batch: z
    .string(SERVER_MSG.batchNameInvalid)
    .trim()
    .max(STAFF_LIMITS.batchNameMax, SERVER_MSG.batchNameInvalid)
    .refine((v) => !/\p{Cc}/u.test(v), SERVER_MSG.batchNameInvalid)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type GenerateCodesBody = z.input<typeof generateCodesBody>;

/** The codes of a new batch, in their typable form: the only time they are ever shown. */
export const generatedCodes = z.object({
  batch: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  codes: z.array(z.string()),
});
export type GeneratedCodes = z.infer<typeof generatedCodes>;
export const generatedCodesResponse = dataEnvelope(generatedCodes);

/** GET /v2/admin/codes/batches — batches, newest first. */
export const staffCodeBatchesQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffCodeBatches),
});
export type StaffCodeBatchesQuery = z.input<typeof staffCodeBatchesQuery>;

export const staffCodeBatchRow = z.object({
  batch: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  /** Who minted it in the console (null: the CLI, or before creators were kept). */
  creatorName: z.string().nullable(),
  total: z.number().int(),
  used: z.number().int(),
  createTime: z.string(),
});
export type StaffCodeBatchRow = z.infer<typeof staffCodeBatchRow>;
export const staffCodeBatchesResponse = tableEnvelope(staffCodeBatchRow);

/**
 * GET /v2/admin/codes — codes, newest first. `used` '1' only redeemed, '0' only unused;
 * `keyword`: a code's last characters (dashes and case ignored) or the redeeming user's name.
 */
export const staffCodesQuery = z.object({
  ...clientFields,
  batch: z
    .string()
    .trim()
    .max(STAFF_LIMITS.batchNameMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
  used: z
    .enum(['0', '1'])
    .transform((v) => v === '1')
    .optional(),
  keyword: keywordParam,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffCodes),
});
export type StaffCodesQuery = z.input<typeof staffCodesQuery>;

export const staffCodeRow = z.object({
  /** The code's last 5 characters (empty for codes made before tails were kept). */
  codeTail: z.string(),
  batch: z.string(),
  packageName: z.string(),
  createTime: z.string(),
  redeemedBy: z.object({ userId: z.string(), userName: z.string() }).nullable(),
  redeemedAt: z.string().nullable(),
});
export type StaffCodeRow = z.infer<typeof staffCodeRow>;
export const staffCodesResponse = tableEnvelope(staffCodeRow);
