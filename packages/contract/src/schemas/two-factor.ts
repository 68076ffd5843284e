import { z } from 'zod';
import { RECOVERY_MSG } from '../account-recovery-messages';
import { LIMITS } from '../limits';
import { SERVER_MSG } from '../server-messages';
import { TWO_FACTOR_MSG } from '../two-factor-messages';
import { clientFields } from './account';
import { dataEnvelope } from './common';

/**
 * A code as typed: 6 digits from the authenticator app, or a backup code (`abcde-fghjk`),
 * spaces and dashes allowed. Only digits, letters, spaces and dashes: anything else (a NUL
 * among them) is refused before the service looks at it; the service judges the rest.
 */
export const twoFactorCodeField = z
  .string()
  .max(32, TWO_FACTOR_MSG.codeTooLong)
  .regex(/^[0-9A-Za-z \t-]*$/, TWO_FACTOR_MSG.codeWrong)
  .trim()
  .min(1, TWO_FACTOR_MSG.codeRequired);

/** The password as typed, to confirm a change (any length the account may have had). */
const currentPassword = z
  .string()
  .min(1, RECOVERY_MSG.passwordRequired)
  .max(LIMITS.passwordMax, SERVER_MSG.passwordTooLong);

/** GET ACCOUNT_API.twoFactor. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai; null while off. */
  enabledAt: z.string().nullable(),
  /** Backup codes not used yet (0 while off). */
  backupCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
export const twoFactorStatusResponse = dataEnvelope(twoFactorStatus);

/** POST ACCOUNT_API.twoFactorEnrol: the current password. */
export const twoFactorEnrolBody = z.object({ ...clientFields, password: currentPassword });
/**
 * The new secret (base32, to type into the app) and its `otpauth://totp/…` URI (the QR code),
 * in force once confirmed; a new start replaces it.
 */
export const twoFactorEnrolment = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;
export const twoFactorEnrolResponse = dataEnvelope(twoFactorEnrolment);

/** POST ACCOUNT_API.twoFactorConfirm and twoFactorBackupCodes: a code. */
export const twoFactorCodeBody = z.object({ ...clientFields, code: twoFactorCodeField });
/** The backup codes, shown this once, and (on confirming) how many other logins ended. */
export const twoFactorConfirmResponse = dataEnvelope(
  z.object({ backupCodes: z.array(z.string()), endedSessions: z.number().int() }),
);
export const twoFactorBackupCodesResponse = dataEnvelope(z.object({ backupCodes: z.array(z.string()) }));

/** POST ACCOUNT_API.twoFactorDisable: the password and a code (or a backup code). */
export const twoFactorDisableBody = z.object({
  ...clientFields,
  password: currentPassword,
  code: twoFactorCodeField,
});

/** POST ACCOUNT_API.loginSecondFactor (no token): the login's ticket and a code. */
export const secondFactorLoginBody = z.object({
  ...clientFields,
  ticket: z.string().max(128),
  code: twoFactorCodeField,
});
export type SecondFactorLoginBody = z.input<typeof secondFactorLoginBody>;

/** POST ACCOUNT_API.reauth: the password or a code, exactly one. */
export const reauthBody = z
  .object({ ...clientFields, password: currentPassword.optional(), code: twoFactorCodeField.optional() })
  .refine((form) => (form.password === undefined) !== (form.code === undefined), {
    message: TWO_FACTOR_MSG.passwordOrCode,
  });
export type ReauthBody = z.input<typeof reauthBody>;
