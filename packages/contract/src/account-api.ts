// Apart from paths.ts (API), which every first screen's code carries whole: the paths of
// 账号与安全, which only that screen (loaded from the member center), the server and the tests use.

/** A member's own password and logins. */
export const ACCOUNT_API = {
  /** Change the password: the current one, the new one twice; every other login ends. */
  password: '/v2/user/password',
  /** The caller's live logins, this one marked. */
  sessions: '/v2/user/sessions',
  /** End one of them (ending this one logs out here). */
  sessionEnd: '/v2/user/sessions/:sessionId/end',
  /** 退出所有设备: end every login of the account, this one included. */
  sessionsEndAll: '/v2/user/sessions/end-all',
  /** The safe e-mail, whether it is verified, and how many recovery codes are left. */
  security: '/v2/user/security',
  /** Change the safe e-mail (with the password): the new address must be verified again. */
  email: '/v2/user/email',
  /** Send the verification link again to the safe e-mail. */
  emailVerification: '/v2/user/email/verification',
  /** Open a verification link (no login needed: the link may be opened on another device). */
  emailVerify: '/v2/user/email/verify',
  /** 忘记密码: a reset link to the verified safe e-mail; the same answer whoever is named. */
  passwordForgot: '/v2/user/password/forgot',
  /** A new password from a reset link; every login of the account ends. */
  passwordReset: '/v2/user/password/reset',
  /** A new password with a recovery code; every login of the account ends. */
  passwordRecover: '/v2/user/password/recover',
  /** A new set of recovery codes (with the password), shown once; the old set stops working. */
  recoveryCodes: '/v2/user/recovery-codes',
  /** 导出我的数据: a zip of everything the site holds about the caller; one a day. */
  export: '/v2/user/export',
  /** 注销账号 (with the password): done after the cooling-off period; logging in undoes it. */
  deletion: '/v2/user/deletion',
  /** 两步验证 (decision 070): whether it is on, since when, and backup codes left. */
  twoFactor: '/v2/user/two-factor',
  /** Start setting it up (with the password): a new secret, not in force until confirmed. */
  twoFactorEnrol: '/v2/user/two-factor/enrol',
  /** Confirm the set-up with a code: on; the backup codes, shown once; every other login ends. */
  twoFactorConfirm: '/v2/user/two-factor/confirm',
  /** Turn it off, with the password and a code (or a backup code). */
  twoFactorDisable: '/v2/user/two-factor/disable',
  /** A new set of backup codes (with a code), shown once; the old set stops working. */
  twoFactorBackupCodes: '/v2/user/two-factor/backup-codes',
  /** A login's second step: the ticket the right password earned, and a code (no token yet). */
  loginSecondFactor: '/v2/user/login/second-factor',
  /** Re-confirm this login with the password or a code, before a sensitive action. */
  reauth: '/v2/user/reauth',
} as const;

/** The web pages the mailed links open; the token travels in the fragment, never sent to a server log. */
export const ACCOUNT_PAGES = {
  forgotPassword: '/login/forgot',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** 用户协议与隐私政策, linked from registration and the mails. */
  privacy: '/privacy',
} as const;
