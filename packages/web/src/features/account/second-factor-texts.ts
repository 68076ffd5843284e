/**
 * Texts of the login's 两步验证 step (decision 070), apart from ACCOUNT_TEXT: only a login that
 * asks for a code loads them.
 */
export const SECOND_FACTOR_TEXT = {
  heading: '两步验证',
  intro: '打开手机上的验证器 App，输入「影库」显示的6位验证码。',
  backupIntro: '手机不在身边？输入一个备用码，每个备用码只能用一次。',
  code: '验证码',
  codePlaceholder: '6位数字',
  codeInvalid: '请输入6位数字验证码',
  backupCode: '备用码',
  backupPlaceholder: '例如 abcde-fghjk',
  backupRequired: '请输入备用码',
  verify: '验证并登录',
  useBackup: '使用备用码',
  useApp: '使用验证器验证码',
  restart: '返回重新输入密码',
} as const;
