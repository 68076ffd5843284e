import { RECOVERY_TITLES } from './titles';

/**
 * Texts of 忘记密码 and of the pages the mailed links open, which docs/product.md does not spell
 * (what the server answers is the contract's RECOVERY_MSG).
 */
export const RECOVERY_TEXT = {
  ...RECOVERY_TITLES,
  forgotHeading: '找回密码',
  forgotIntro: '输入用户名或安全邮箱。安全邮箱验证过的账号会收到一封重置密码的邮件。',
  account: '用户名或安全邮箱',
  accountPlaceholder: '请输入用户名或安全邮箱',
  sendLink: '发送重置链接',
  checkMail: '没收到？请看看垃圾邮件，或稍后重新发送。',
  sendAgain: '重新发送',
  useCode: '没有可用的邮箱？用恢复码重置',
  useMail: '用安全邮箱找回',
  codeHeading: '用恢复码重置',
  codeIntro: '恢复码是在「账号与安全」中生成的一组一次性代码，每个只能用一次。',
  userName: '用户名',
  userNamePlaceholder: '请输入用户名',
  recoveryCode: '恢复码',
  recoveryCodePlaceholder: '例如 abcd-efgh-jkmn-pqrs',
  newPassword: '新密码',
  newPasswordPlaceholder: '8-32位，不要用常见的密码',
  confirmPassword: '确认新密码',
  confirmPasswordPlaceholder: '请再次输入新密码',
  resetPassword: '重置密码',
  backToLogin: '返回登录',
  resetHeading: '设置新密码',
  resetIntro: '设置后，该账号在所有设备上的登录都将退出，请用新密码重新登录。',
  requestAgain: '重新申请重置链接',
  verifyHeading: '验证安全邮箱',
  verifyIntro: '验证后，忘记密码时可以用这个邮箱找回。',
  verifying: '正在验证…',
  toSecurity: '前往账号与安全',
  toHome: '返回首页',
} as const;
