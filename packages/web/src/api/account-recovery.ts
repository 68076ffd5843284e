import {
  ACCOUNT_API,
  okEnvelope,
  type PasswordForgotBody,
  type PasswordRecoverBody,
  type PasswordResetBody,
} from '@yingku/contract';
import { api } from './client';

/**
 * Getting an account back (decision 066): no login needed, so none is sent. The reset and the
 * verification are `silent`: their screens show a dead link themselves, with the way on.
 */
export const accountRecoveryApi = {
  forgotPassword: (form: PasswordForgotBody) =>
    api.post(ACCOUNT_API.passwordForgot, { ...form }, { schema: okEnvelope, auth: false }),
  resetPassword: (form: PasswordResetBody) =>
    api.post(ACCOUNT_API.passwordReset, { ...form }, { schema: okEnvelope, auth: false, silent: true }),
  recoverPassword: (form: PasswordRecoverBody) =>
    api.post(ACCOUNT_API.passwordRecover, { ...form }, { schema: okEnvelope, auth: false }),
  verifyEmail: (token: string) =>
    api.post(ACCOUNT_API.emailVerify, { token }, { schema: okEnvelope, auth: false, silent: true }),
};
