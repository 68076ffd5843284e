import {
  ACCOUNT_API,
  fillPath,
  loginSessionsResponse,
  type PasswordChangeBody,
  passwordChangeResponse,
  sessionsEndedResponse,
} from '@yingku/contract';
import { api } from './client';

/** 账号与安全: the member's password and logins (loaded with that screen only). */
export const accountSecurityApi = {
  changePassword: (form: PasswordChangeBody) =>
    api.post(ACCOUNT_API.password, { ...form }, { schema: passwordChangeResponse }),
  sessions: (signal?: AbortSignal) =>
    api.get(ACCOUNT_API.sessions, {}, { schema: loginSessionsResponse, signal }),
  endSession: (sessionId: string) => api.post(fillPath(ACCOUNT_API.sessionEnd, { sessionId }), {}),
  endAllSessions: () => api.post(ACCOUNT_API.sessionsEndAll, {}, { schema: sessionsEndedResponse }),
};
