/** The routes' titles: apart from the screens' texts, as the route table loads with every page. */
export const RECOVERY_TITLES = {
  forgotTitle: '忘记密码',
  resetTitle: '重置密码',
  verifyTitle: '验证邮箱',
} as const;
