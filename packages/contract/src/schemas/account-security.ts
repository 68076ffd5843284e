import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { SERVER_MSG } from '../server-messages';
import { clientFields, passwordField } from './account';
import { dataEnvelope } from './common';

/**
 * POST ACCOUNT_API.password: the current password as typed (any length the account may have had,
 * never trimmed) and the new one twice, with the password rules of registration.
 */
export const passwordChangeBody = z
  .object({
    ...clientFields,
    oldPassword: z
      .string()
      .min(1, SERVER_MSG.currentPasswordRequired)
      .max(LIMITS.passwordMax, SERVER_MSG.passwordTooLong),
    newPassword: passwordField,
    confirmPassword: passwordField,
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.oldPassword, {
    message: SERVER_MSG.passwordUnchanged,
    path: ['newPassword'],
  });
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;
/** How many other logins the change ended. */
export const passwordChangeResponse = dataEnvelope(z.object({ endedSessions: z.number().int() }));

/** One live login of the caller, as 账号与安全 lists it. */
export const loginSessionRow = z.object({
  sessionId: z.string(),
  /** From the login's user agent, e.g. `iPhone · Safari`; empty when it said nothing usable. */
  device: z.string(),
  /** The address it logged in from, coarsened: the last part of an IPv4, the last 80 bits of an IPv6 hidden. */
  address: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai: when it logged in, and when it last renewed its token. */
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** The login of the token that asked. */
  current: z.boolean(),
});
export type LoginSessionRow = z.infer<typeof loginSessionRow>;
export const loginSessionsResponse = dataEnvelope(z.array(loginSessionRow));

/** ACCOUNT_API.sessionEnd's `:sessionId` (a UUID; anything else is simply not found). */
export const sessionEndParams = z.object({ sessionId: z.string().max(64) });
/** POST ACCOUNT_API.sessionEnd and sessionsEndAll: no fields of their own. */
export const sessionEndBody = z.object({ ...clientFields }).partial();
/** POST ACCOUNT_API.sessionsEndAll: how many logins ended. */
export const sessionsEndedResponse = dataEnvelope(z.object({ endedSessions: z.number().int() }));
