import { z } from 'zod';
import { RECOVERY_MSG } from '../account-recovery-messages';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { SERVER_MSG } from '../server-messages';
import {
  captchaCodeField,
  captchaUuidField,
  clientFields,
  emailField,
  passwordField,
  userNameField,
} from './account';
import { dataEnvelope } from './common';

/** A token from a mailed link: 32 random bytes, base64url. Anything else is simply not valid. */
const linkToken = z.string().max(128);

/** The new password twice, with registration's rules. */
const newPasswordFields = { newPassword: passwordField, confirmPassword: passwordField };
const samePasswords = {
  check: (form: { newPassword: string; confirmPassword: string }) =>
    form.newPassword === form.confirmPassword,
  params: { message: MSG.passwordsDiffer, path: ['confirmPassword'] },
};

/** The password as typed, to confirm a change of the account (any length the account may have had). */
const currentPassword = z
  .string()
  .min(1, RECOVERY_MSG.passwordRequired)
  .max(LIMITS.passwordMax, SERVER_MSG.passwordTooLong);

/** GET ACCOUNT_API.security. */
export const accountSecurity = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** Recovery codes not used yet (0: none made, or all used). */
  recoveryCodesLeft: z.number().int(),
  /** 注销账号's cooling-off period, in days (ACCOUNT_DELETION_DAYS). */
  deletionDays: z.number().int(),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;
export const accountSecurityResponse = dataEnvelope(accountSecurity);

/** POST ACCOUNT_API.email: the new address and the current password. */
export const emailChangeBody = z.object({ ...clientFields, email: emailField, password: currentPassword });
export type EmailChangeBody = z.input<typeof emailChangeBody>;

/** POST ACCOUNT_API.emailVerify. */
export const emailVerifyBody = z.object({ ...clientFields, token: linkToken });

/** POST ACCOUNT_API.passwordForgot: a user name or a safe e-mail, and the captcha when it is on. */
export const passwordForgotBody = z.object({
  ...clientFields,
  account: z
    .string()
    .trim()
    .min(1, RECOVERY_MSG.accountRequired)
    .max(LIMITS.emailMax, RECOVERY_MSG.accountTooLong),
  code: captchaCodeField,
  uuid: captchaUuidField,
});
export type PasswordForgotBody = z.input<typeof passwordForgotBody>;

/** POST ACCOUNT_API.passwordReset: the link's token and the new password twice. */
export const passwordResetBody = z
  .object({ ...clientFields, token: linkToken, ...newPasswordFields })
  .refine(samePasswords.check, samePasswords.params);
export type PasswordResetBody = z.input<typeof passwordResetBody>;

/** POST ACCOUNT_API.passwordRecover: the user name, one recovery code and the new password twice. */
export const passwordRecoverBody = z
  .object({
    ...clientFields,
    userName: userNameField,
    recoveryCode: z.string().trim().min(1, RECOVERY_MSG.recoveryCodeRequired).max(64),
    ...newPasswordFields,
    code: captchaCodeField,
    uuid: captchaUuidField,
  })
  .refine(samePasswords.check, samePasswords.params);
export type PasswordRecoverBody = z.input<typeof passwordRecoverBody>;

/** POST ACCOUNT_API.recoveryCodes: the current password. */
export const recoveryCodesBody = z.object({ ...clientFields, password: currentPassword });
/** The new codes, shown once. */
export const recoveryCodesResponse = dataEnvelope(z.object({ codes: z.array(z.string()) }));

/** POST ACCOUNT_API.deletion: the current password confirms it. */
export const deletionBody = z.object({ ...clientFields, password: currentPassword });
export type DeletionBody = z.input<typeof deletionBody>;
/** When the deletion will be done (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai). */
export const deletionResponse = dataEnvelope(z.object({ deleteAt: z.string() }));
