// The texts of getting an account back: what the server answers and the mails say. A file of
// their own, like account-field-messages.ts, so that only the screens that show them carry them.

/** How long each mailed link works: stated in the mails and on the screens. */
export const RECOVERY_LIMITS = {
  resetLinkMinutes: 30,
  verifyLinkHours: 24,
  /** Reset mails, and verification mails, one account may be sent in an hour (each kind). */
  mailsPerAccountHour: 3,
  recoveryCodeCount: 10,
} as const;

export const RECOVERY_MSG = {
  /** Said whether or not the name or address exists, or has a verified address. */
  resetMailSent: `如果该账号已验证安全邮箱，重置密码的链接已发送到该邮箱，${RECOVERY_LIMITS.resetLinkMinutes}分钟内有效`,
  accountRequired: '请输入用户名或安全邮箱',
  accountTooLong: '用户名或邮箱最多120位',
  resetLinkInvalid: '重置链接无效或已过期，请重新申请',
  passwordResetDone: '密码已重置，所有设备已退出，请用新密码登录',
  verifyLinkInvalid: '验证链接无效或已过期，请重新发送验证邮件',
  emailVerified: '安全邮箱已验证',
  emailAlreadyVerified: '安全邮箱已经验证过了',
  verificationSent: '验证邮件已发送，请查收',
  tooManyMails: '邮件发送过于频繁，请1小时后再试',
  emailUnchanged: '新邮箱与当前邮箱相同',
  emailChanged: '安全邮箱已修改，验证邮件已发送到新邮箱',
  passwordRequired: '请输入当前密码',
  passwordWeak: '密码太常见或太容易被猜到，请换一个更难猜的密码',
  recoveryCodeRequired: '请输入恢复码',
  recoveryFailed: '用户名或恢复码错误',
  /** Staff asked to send a reset link to a member without a verified address. */
  memberEmailUnverified: '该会员的安全邮箱尚未验证，无法发送重置链接',
  memberResetLinkSent: '重置密码的链接已发送到该会员的安全邮箱',
  userNotFound: '用户不存在',
} as const;

/** 导出我的数据. */
export const EXPORT_MSG = {
  oncePerDay: '每天只能导出一次数据，请明天再试',
} as const;
