// The texts of 注销账号 and of the consent at registration: what the server answers, and what
// the screens that ask for them say of it. Their own file, as account-recovery-messages.ts.

export const DELETION_LIMITS = {
  /** ACCOUNT_DELETION_DAYS' default: the cooling-off period, in which logging in undoes it. */
  coolingOffDays: 15,
} as const;

/**
 * The privacy notice and terms a member agrees to at registration (the web's /privacy page
 * shows this version); a new text takes a new version, and the version agreed to is kept.
 */
export const PRIVACY_VERSION = '2026-12-03';

export const DELETION_MSG = {
  /** `until`: the day it will be done, `YYYY-MM-DD`. */
  requested: (until: string) =>
    `注销申请已提交，所有设备已退出。账号将于 ${until} 注销，在此之前登录即可撤销。`,
  cancelled: '你的注销申请已撤销，账号恢复正常',
  staffRefused: '员工账号不能自行注销，请先由管理员取消员工角色',
  /** How a deleted member is named where their traces stay (support threads, orders in the console). */
  deletedUser: '已注销用户',
  consentOutdated: '用户协议与隐私政策已更新，请刷新页面后重新阅读并同意',
} as const;
