/**
 * The titles of /login and /register: the route table, in the app's first chunk, needs only these; the
 * screens' other texts (texts.ts) load with the screens.
 */
export const ACCOUNT_TITLES = {
  loginTitle: '登录',
  registerTitle: '注册',
} as const;
