import {
  ACCOUNT_API,
  accountSecurityResponse,
  type EmailChangeBody,
  deletionResponse,
  fillPath,
  loginSessionsResponse,
  okEnvelope,
  type PasswordChangeBody,
  passwordChangeResponse,
  recoveryCodesResponse,
  sessionsEndedResponse,
} from '@yingku/contract';
import { api } from './client';
import { dispositionName } from './disposition-name';

/** 账号与安全: the member's password, logins, safe e-mail and recovery codes (loaded with that screen only). */
export const accountSecurityApi = {
  changePassword: (form: PasswordChangeBody) =>
    api.post(ACCOUNT_API.password, { ...form }, { schema: passwordChangeResponse }),
  sessions: (signal?: AbortSignal) =>
    api.get(ACCOUNT_API.sessions, {}, { schema: loginSessionsResponse, signal }),
  endSession: (sessionId: string) => api.post(fillPath(ACCOUNT_API.sessionEnd, { sessionId }), {}),
  endAllSessions: () => api.post(ACCOUNT_API.sessionsEndAll, {}, { schema: sessionsEndedResponse }),
  /** The safe e-mail, whether it is verified, and how many recovery codes are left. */
  security: (signal?: AbortSignal) =>
    api.get(ACCOUNT_API.security, {}, { schema: accountSecurityResponse, signal }),
  changeEmail: (form: EmailChangeBody) => api.post(ACCOUNT_API.email, { ...form }, { schema: okEnvelope }),
  sendVerification: () => api.post(ACCOUNT_API.emailVerification, {}, { schema: okEnvelope }),
  /** A new set of recovery codes, answered this once. */
  makeRecoveryCodes: (password: string) =>
    api.post(ACCOUNT_API.recoveryCodes, { password }, { schema: recoveryCodesResponse }),
  /** 导出我的数据: the zip, one a day, and the name the server gave it. */
  exportData: async () => {
    const { blob, disposition } = await api.postForFile(ACCOUNT_API.export, {});
    return { blob, fileName: dispositionName(disposition) };
  },
  /** 注销账号, confirmed with the password: every login ends; the answer says when it will be done. */
  requestDeletion: (password: string) =>
    api.post(ACCOUNT_API.deletion, { password }, { schema: deletionResponse }),
};
