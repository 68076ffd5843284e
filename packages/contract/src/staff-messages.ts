// What the console's trust rules answer (roles by job, the audit log, minting caps, idle logins;
// decision 071). Apart from server-messages.ts, which every first screen carries whole.

export const STAFF_MSG = {
  /** A staff account whose roles do not include the route's permission. */
  permissionDenied: '你的角色无权进行此操作',
  /** A console login left unused past CONSOLE_IDLE_MINUTES: ended, sign in again. */
  idleEnded: '管理后台闲置过久，请重新登录',
  /** Minting past CODES_DAILY_CAP codes in one Asia/Shanghai day. */
  mintCapReached: '今日可生成的激活码已达上限',
  /** A VIP grant, change or end without a reason (or one too long). */
  reasonRequired: '请填写原因（1-200个字符）',
  /** The audit log's filters. */
  auditTimeInvalid: '时间格式应为 YYYY-MM-DD HH:mm:ss',
  auditEntryNotFound: '日志不存在',
  /** An admin turned another account's second factor off. */
  twoFactorReset: '已重置两步验证，对方下次登录时需重新设置',
  /** The account had none to reset. */
  twoFactorNotOn: '该账号未开启两步验证',
  cannotResetOwnTwoFactor: '不能重置自己的两步验证，请在账号与安全中操作',
} as const;

/** Limits of the audit log and the trust rules. */
export const STAFF_TRUST_LIMITS = {
  reasonMax: 200,
  auditPageSize: 30,
  /** Rows one CSV export holds at most (newest first). */
  auditCsvMax: 50_000,
  /**
   * Sensitive console actions (minting codes, VIP by hand, prices, roles, another's second
   * factor) need the password or a code confirmed within this many minutes.
   */
  reauthMinutes: 5,
} as const;
