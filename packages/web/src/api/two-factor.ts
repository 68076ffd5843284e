import {
  ACCOUNT_API,
  okEnvelope,
  type ReauthBody,
  type SecondFactorLoginBody,
  secondFactorLoginResponse,
  twoFactorBackupCodesResponse,
  twoFactorConfirmResponse,
  twoFactorEnrolResponse,
  twoFactorStatusResponse,
} from '@yingku/contract';
import { api } from './client';

/**
 * 两步验证 (decision 070): the login's second step, 账号与安全's section and the re-confirmation of
 * a login. Loaded with those screens (and the re-confirmation prompt) only.
 */
export const twoFactorApi = {
  /** The login's second step: the ticket the password earned and a code; no token yet. */
  finishLogin: (body: SecondFactorLoginBody) =>
    api.post(ACCOUNT_API.loginSecondFactor, { ...body }, { schema: secondFactorLoginResponse, auth: false }),
  status: (signal?: AbortSignal) =>
    api.get(ACCOUNT_API.twoFactor, {}, { schema: twoFactorStatusResponse, signal }),
  /** A new secret and its otpauth URI (with the password), in force once confirmed. */
  startEnrolment: (password: string) =>
    api.post(ACCOUNT_API.twoFactorEnrol, { password }, { schema: twoFactorEnrolResponse }),
  /** On, with the set-up's first code: the backup codes, answered this once. */
  confirm: (code: string) =>
    api.post(ACCOUNT_API.twoFactorConfirm, { code }, { schema: twoFactorConfirmResponse }),
  disable: (password: string, code: string) =>
    api.post(ACCOUNT_API.twoFactorDisable, { password, code }, { schema: okEnvelope }),
  makeBackupCodes: (code: string) =>
    api.post(ACCOUNT_API.twoFactorBackupCodes, { code }, { schema: twoFactorBackupCodesResponse }),
  /** Silent: the re-confirmation prompt shows a refusal in itself. */
  reauth: (body: ReauthBody) =>
    api.post(ACCOUNT_API.reauth, { ...body }, { schema: okEnvelope, silent: true }),
};
