/** The console's audit log, 操作日志 (decision 071): read and exported, never changed. */
import { z } from 'zod';
import { STAFF_LIMITS } from '../staff-limits';
import { STAFF_MSG, STAFF_TRUST_LIMITS } from '../staff-messages';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope, textParam } from './common';
import { isConsoleTime } from './admin';

/** Every console change the log records, with its name on the 操作日志 page. */
export const AUDIT_ACTIONS = {
  'user.vip': '修改VIP',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'user.roles': '修改角色',
  'user.resetLink': '发送重置链接',
  'user.twoFactorReset': '重置两步验证',
  'package.create': '新建套餐',
  'package.update': '修改套餐',
  'codes.mint': '生成激活码',
  'work.update': '修改作品',
  'import.start': '导入作品',
  'review.hide': '隐藏评论',
  'review.restore': '重新显示评论',
  'support.reply': '回复留言',
  'support.close': '关闭留言',
  'download.done': '完成云下载',
  'media.attach': '上传视频',
  'media.retry': '重新转码',
  'media.cancel': '取消转码',
  'media.stills': '设为剧照',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** What an entry is about, with its name on the page. */
export const AUDIT_OBJECTS = {
  user: '用户',
  package: '套餐',
  codeBatch: '激活码批次',
  work: '作品',
  import: '导入任务',
  review: '评论',
  thread: '留言',
  download: '云下载',
  media: '视频',
} as const;
export type AuditObject = keyof typeof AUDIT_OBJECTS;

/** The names of the fields entries record, as 日志详情 shows them (an unknown one as recorded). */
export const AUDIT_FIELDS: Readonly<Record<string, string>> = {
  vipUntil: 'VIP到期时间',
  levelId: '会员等级',
  disabled: '已停用',
  roles: '角色',
  twoFactor: '两步验证',
  endedSessions: '结束的登录',
  name: '名称',
  remark: '备注',
  priceCents: '价格（分）',
  origPriceCents: '原价（分）',
  days: '天数',
  status: '状态',
  sortOrder: '排序',
  packageId: '套餐ID',
  packageName: '套餐',
  count: '数量',
  mintedToday: '今日已生成',
  number: '番号',
  isOnline: '在线状态',
  hidden: '已隐藏',
  fileName: '文件名',
  totalLines: '行数',
  replyLength: '回复字数',
  workId: '作品ID',
  sourceName: '源文件',
  sourceBytes: '源文件大小（字节）',
  failure: '失败原因',
  stills: '剧照数',
};

const consoleTime = z
  .string(STAFF_MSG.auditTimeInvalid)
  .trim()
  .refine(isConsoleTime, STAFF_MSG.auditTimeInvalid)
  .optional();

/**
 * GET /v2/admin/audit — entries newest first. `actor`: a staff member's user id or exact user
 * name; `objectId` only with `objectType`; `from` ≤ time < `to`, Asia/Shanghai console times.
 */
export const auditFilter = z.object({
  actor: textParam(STAFF_LIMITS.staffKeywordMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
  action: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]]).optional(),
  objectType: z.enum(Object.keys(AUDIT_OBJECTS) as [AuditObject, ...AuditObject[]]).optional(),
  objectId: textParam(STAFF_LIMITS.staffKeywordMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
  from: consoleTime,
  to: consoleTime,
});
export type AuditFilter = z.output<typeof auditFilter>;

export const auditQuery = auditFilter.extend({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_TRUST_LIMITS.auditPageSize),
});
export type AuditQuery = z.input<typeof auditQuery>;

/** POST /v2/admin/audit/export — the same filters; answered with a CSV file. */
export const auditExportBody = auditFilter.extend({ ...clientFields });

export const auditRow = z.object({
  id: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  time: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  /** What the object was and became (only the fields changed; never a secret). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string(),
  requestId: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditResponse = tableEnvelope(auditRow);
export const auditEntryResponse = dataEnvelope(auditRow);
export const auditEntryParams = z.object({ id: idString });
