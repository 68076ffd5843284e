import {
  type CaptchaResponse,
  LIMITS,
  type PasswordForgotBody,
  type PasswordRecoverBody,
  type PasswordResetBody,
  RECOVERY_MSG,
} from '@yingku/contract';
import {
  captchaFields,
  checkCaptcha,
  checkConfirmPassword,
  checkPassword,
  checkUserName,
} from '../account/account-form';
import type { FieldChecks } from '../account/use-account-form';

// The forms of 忘记密码 and the reset link, checked before anything is sent with the account forms'
// own checks (the new password as register's), and trimmed as they trim (account-form.ts says why).

/** 用户名或安全邮箱: something, at most as long as an address may be. */
export function checkAccount(value: string | undefined): string | undefined {
  const account = (value ?? '').trim();
  if (account === '') return RECOVERY_MSG.accountRequired;
  return account.length > LIMITS.emailMax ? RECOVERY_MSG.accountTooLong : undefined;
}

/** One recovery code, typed with or without its dashes. */
export const checkRecoveryCode = (value: string | undefined): string | undefined =>
  (value ?? '').trim() === '' ? RECOVERY_MSG.recoveryCodeRequired : undefined;

/** The new password twice, as the reset link's and the recovery code's forms hold it. */
export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export interface ForgotValues {
  account: string;
  code: string;
}

export interface RecoverValues extends NewPasswordValues {
  userName: string;
  recoveryCode: string;
  code: string;
}

const newPasswordChecks: FieldChecks<NewPasswordValues> = {
  newPassword: checkPassword,
  confirmPassword: (confirm, values) => checkConfirmPassword(values.newPassword, confirm),
};

/** The reset link's form: the new password twice. */
export const resetChecks = (): FieldChecks<NewPasswordValues> => newPasswordChecks;

/** 忘记密码's form; the captcha's check only while captchas are on. */
export function forgotChecks(captchaOff: boolean): FieldChecks<ForgotValues> {
  return { account: checkAccount, ...(captchaOff ? {} : { code: checkCaptcha }) };
}

/** The recovery code's form, in its fields' order. */
export function recoverChecks(captchaOff: boolean): FieldChecks<RecoverValues> {
  return {
    userName: checkUserName,
    recoveryCode: checkRecoveryCode,
    ...newPasswordChecks,
    ...(captchaOff ? {} : { code: checkCaptcha }),
  };
}

const newPasswords = (values: NewPasswordValues) => ({
  newPassword: values.newPassword.trim(),
  confirmPassword: values.confirmPassword.trim(),
});

/** POST ACCOUNT_API.passwordForgot's body. */
export function toForgotBody(values: ForgotValues, captcha: CaptchaResponse | undefined): PasswordForgotBody {
  return { account: values.account.trim(), ...captchaFields(values.code, captcha) };
}

/** POST ACCOUNT_API.passwordReset's body: the link's token and the new password. */
export function toResetBody(token: string, values: NewPasswordValues): PasswordResetBody {
  return { token, ...newPasswords(values) };
}

/** POST ACCOUNT_API.passwordRecover's body. */
export function toRecoverBody(
  values: RecoverValues,
  captcha: CaptchaResponse | undefined,
): PasswordRecoverBody {
  return {
    userName: values.userName.trim(),
    recoveryCode: values.recoveryCode.trim(),
    ...newPasswords(values),
    ...captchaFields(values.code, captcha),
  };
}

/**
 * The token of a mailed link, from the page's fragment (`#token=…`: a fragment never reaches a
 * server's log); '' when there is none.
 */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}
