// The texts and limits of two-factor sign-in (decision 070). A file of their own, like
// account-recovery-messages.ts, so that only the screens that show them carry them; the two
// refusals every screen may meet (TWO_FACTOR_GATE_MSG) are apart, for the request client.

/** The numbers of two-factor sign-in, stated on the screens and held by the server. */
export const TWO_FACTOR_LIMITS = {
  /** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
  digits: 6,
  periodSeconds: 30,
  /** Backup codes made at once; each works once. */
  backupCodeCount: 10,
  /** A started set-up must be confirmed within this, or started again. */
  enrolMinutes: 30,
  /** After the right password, the code must come within this. */
  ticketMinutes: 5,
  /** Wrong codes (and passwords) one account may send in a window before it must wait it out. */
  guessesPerWindow: 5,
  guessWindowMinutes: 15,
} as const;

/**
 * What a call may answer (403) when the caller must first re-confirm or first set up two-factor
 * sign-in: the web client answers the first with its re-confirmation prompt, the second by
 * opening 账号与安全's 两步验证.
 */
export const TWO_FACTOR_GATE_MSG = {
  reauthRequired: '请先确认身份：输入密码或两步验证码',
  enrolRequired: '管理后台需要先开启两步验证',
} as const;

export const TWO_FACTOR_MSG = {
  ...TWO_FACTOR_GATE_MSG,
  /** The issuer authenticator apps show beside the account's codes. */
  issuer: '影库',
  /** The login's answer when the password was right and a code is still needed. */
  codeNeeded: '请输入两步验证码',
  codeRequired: '请输入验证码',
  codeTooLong: '验证码最多32位',
  codeWrong: '验证码错误',
  codeReused: '这个验证码刚刚用过，请等验证器显示下一个验证码',
  codeExpired: '验证码已过期，请输入验证器当前显示的验证码，并确认手机时间准确',
  tooManyGuesses: `验证码错误次数过多，请${TWO_FACTOR_LIMITS.guessWindowMinutes}分钟后再试`,
  ticketInvalid: '登录已超时，请重新输入密码登录',
  alreadyEnabled: '两步验证已经开启',
  notEnabled: '两步验证尚未开启',
  enrolMissing: '设置已超时，请重新开始设置两步验证',
  enabled: '两步验证已开启',
  disabled: '两步验证已关闭',
  backupCodesMade: '新的备用码已生成，之前的备用码已全部失效',
  passwordOrCode: '请输入密码或验证码',
  reauthDone: '身份已确认',
} as const;
