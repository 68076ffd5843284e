/**
 * The account fields' texts that the login and register forms show before anything is sent, as
 * the server would answer (SERVER_MSG spreads them in). A file of their own because the bundler
 * copies a shared module whole into each chunk that uses it: here those first screens carry
 * these five texts, not all of SERVER_MSG.
 */
export const ACCOUNT_FIELD_MSG = {
  userNameTooLong: '用户名最多32位',
  passwordTooLong: '密码最多32位',
  emailTooShort: '邮箱至少8位',
  emailTooLong: '邮箱最多120位',
  emailInvalid: '邮箱格式不正确',
} as const;
