import {
  ACCOUNT_FIELD_MSG,
  type CaptchaResponse,
  LIMITS,
  type LoginBody,
  MSG,
  PRIVACY_VERSION,
  type RegisterBody,
} from '@yingku/contract';
import { PATHS } from '../../app/paths';
import type { FieldChecks } from './use-account-form';

/**
 * The checks of docs/product.md §5 on the login and register forms, run before anything is sent. Each
 * answers the text to show, or undefined when the value passes. Values are trimmed first:
 * docs/product.md §5 trims inputs before login, and register trims the same way so that a password
 * typed with a stray space at registration still logs in.
 */
type Check = (value: string | undefined) => string | undefined;

// The contract's field schemas (userNameField, passwordField) say the same for the server; these
// are written out so that the forms' first screen does without zod (decision 035), and
// account-form.test.ts holds each beside its schema.

/** A text's length in characters (code points, as zod counts them: an emoji is one). */
const characters = (text: string) => [...text].length;

/** More than 5 characters (用户名至少6位数), at most 32. */
export const checkUserName: Check = (value) => {
  const name = characters((value ?? '').trim());
  if (name < LIMITS.userNameMin) return MSG.userNameTooShort;
  return name > LIMITS.userNameMax ? ACCOUNT_FIELD_MSG.userNameTooLong : undefined;
};

/** More than 7 characters (密码至少需要8位数), at most 32. */
export const checkPassword: Check = (value) => {
  const password = characters((value ?? '').trim());
  if (password < LIMITS.passwordMin) return MSG.passwordTooShort;
  return password > LIMITS.passwordMax ? ACCOUNT_FIELD_MSG.passwordTooLong : undefined;
};

/** More than 3 characters (请输入4位验证码). */
export const checkCaptcha: Check = (value) =>
  (value ?? '').trim().length < LIMITS.captchaMin ? MSG.captchaTooShort : undefined;

// Loose on purpose: the server's check is the strict one; this only catches obvious slips.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** More than 7 characters, at most 120, and shaped like an address. */
export const checkEmail: Check = (value) => {
  const email = (value ?? '').trim();
  if (email.length < LIMITS.emailMin) return ACCOUNT_FIELD_MSG.emailTooShort;
  if (email.length > LIMITS.emailMax) return ACCOUNT_FIELD_MSG.emailTooLong;
  return EMAIL_SHAPE.test(email) ? undefined : ACCOUNT_FIELD_MSG.emailInvalid;
};

/** The repeat: the password's own rule first, then equal to `password` (两次密码输出不一致,请重新输入). */
export function checkConfirmPassword(password: string | undefined, confirm: string | undefined) {
  return (
    checkPassword(confirm) ??
    ((password ?? '').trim() === (confirm ?? '').trim() ? undefined : MSG.passwordsDiffer)
  );
}

/** The login form's fields as the form holds them. */
export interface LoginValues {
  userName: string;
  password: string;
  code: string;
  rememberMe: boolean;
}

/** The register form's fields as the form holds them. */
export interface RegisterValues {
  userName: string;
  password: string;
  confirmPassword: string;
  email: string;
  code: string;
}

/** The login form's checks; the captcha's only while captchas are on (`captchaOff` false). */
export function loginChecks(captchaOff: boolean): FieldChecks<LoginValues> {
  return { userName: checkUserName, password: checkPassword, ...(captchaOff ? {} : { code: checkCaptcha }) };
}

/** The register form's checks, the repeat against the password, in the form's order. */
export function registerChecks(captchaOff: boolean): FieldChecks<RegisterValues> {
  return {
    userName: checkUserName,
    password: checkPassword,
    confirmPassword: (confirm, values) => checkConfirmPassword(values.password, confirm),
    email: checkEmail,
    ...(captchaOff ? {} : { code: checkCaptcha }),
  };
}

/** The captcha part of a body: the answer and its uuid, only while captchas are on. */
export function captchaFields(code: string | undefined, captcha: CaptchaResponse | undefined) {
  return captcha?.captchaOnOff ? { code: (code ?? '').trim(), uuid: captcha.uuid } : {};
}

/** POST /v2/user/login's body from the form: every input trimmed (docs/product.md §5). */
export function toLoginBody(values: LoginValues, captcha: CaptchaResponse | undefined): LoginBody {
  return {
    userName: values.userName.trim(),
    password: values.password.trim(),
    rememberMe: values.rememberMe,
    ...captchaFields(values.code, captcha),
  };
}

/**
 * POST /v2/user/register's body from the form, trimmed like the login, with the version of the
 * privacy notice the box agreed to (the server keeps it, with the time).
 */
export function toRegisterBody(values: RegisterValues, captcha: CaptchaResponse | undefined): RegisterBody {
  return {
    consentVersion: PRIVACY_VERSION,
    userName: values.userName.trim(),
    password: values.password.trim(),
    confirmPassword: values.confirmPassword.trim(),
    email: values.email.trim(),
    ...captchaFields(values.code, captcha),
  };
}

/**
 * Where a login goes (the login page's location state): the in-app path its opener asked for
 * (`returnTo`, e.g. the console's /admin), else the member center. Anything but a path of this
 * site (`//host`, `https:`…) is ignored.
 */
export function afterLoginPath(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : PATHS.user;
}
