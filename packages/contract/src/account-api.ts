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
} as const;
