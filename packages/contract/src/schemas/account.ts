import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { SERVER_MSG } from '../server-messages';
import { dataEnvelope } from './common';

/**
 * Fields every web call may carry besides its own (docs/product.md §7): the app id of auth, order and
 * message calls, and the session magnet filter. Accepted on every account and library call
 * and not used by them.
 */
export const clientFields = {
  appId: z.string().max(64).optional(),
  isDht: z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])]).optional(),
};

/** Login user name: 6–32 characters after trimming (docs/product.md §5). */
export const userNameField = z
  .string()
  .trim()
  .min(LIMITS.userNameMin, MSG.userNameTooShort)
  .max(LIMITS.userNameMax, SERVER_MSG.userNameTooLong);

/** Password: 8–32 characters, kept as typed (never trimmed or truncated on the server). */
export const passwordField = z
  .string()
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(LIMITS.passwordMax, SERVER_MSG.passwordTooLong);

/** The safe e-mail: 8–120 characters after trimming, an address (docs/product.md §5). */
export const emailField = z
  .string()
  .trim()
  .min(LIMITS.emailMin, SERVER_MSG.emailTooShort)
  .max(LIMITS.emailMax, SERVER_MSG.emailTooLong)
  .pipe(z.email(SERVER_MSG.emailInvalid));

/** The captcha answer; required only when captchas are on (the service decides). */
export const captchaCodeField = z.string().trim().max(16).optional();
export const captchaUuidField = z.string().trim().max(64).optional();

/** GET /v2/user/captcha — top-level fields, as RuoYi-style clients read them. */
export const captchaResponse = z.object({
  code: z.number().int(),
  msg: z.string(),
  /** A `data:image/svg+xml;base64,…` URL; empty when captchas are off. */
  img: z.string(),
  uuid: z.string(),
  captchaOnOff: z.boolean(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

/** POST /v2/user/login (no token). */
export const loginBody = z.object({
  ...clientFields,
  userName: userNameField,
  password: passwordField,
  rememberMe: z.boolean().optional(),
  code: captchaCodeField,
  uuid: captchaUuidField,
});
export type LoginBody = z.input<typeof loginBody>;

export const authTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof authTokens>;
/** GET /v2/user/token. */
export const authTokensResponse = dataEnvelope(authTokens);
/**
 * POST /v2/user/login's answer for an account with 两步验证 on (decision 070): no tokens yet, a
 * short-lived single-use ticket for POST ACCOUNT_API.loginSecondFactor with a code.
 */
export const secondFactorChallenge = z.object({ secondFactorRequired: z.literal(true), ticket: z.string() });
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;
/** A finished login: the tokens, and whether it undid a pending 注销账号. */
export const loginTokens = authTokens.extend({ deletionCancelled: z.boolean().optional() });
export type LoginTokens = z.infer<typeof loginTokens>;
/** POST /v2/user/login: a finished login, or the second step it still needs. */
export const loginResponse = dataEnvelope(z.union([loginTokens, secondFactorChallenge]));
/** POST ACCOUNT_API.loginSecondFactor: the finished login. */
export const secondFactorLoginResponse = dataEnvelope(loginTokens);

/** POST /v2/user/register (no token): the login form plus the repeat and a safe e-mail. */
export const registerBody = loginBody
  .extend({
    /** The repeat, with the password's own 8–32 rule (docs/product.md §5). */
    confirmPassword: z
      .string()
      .min(LIMITS.passwordMin, MSG.passwordTooShort)
      .max(LIMITS.passwordMax, SERVER_MSG.passwordTooLong),
    email: emailField,
    /**
     * The PRIVACY_VERSION of the notice the member agreed to (the web's form requires the box);
     * kept with its time. Older clients send none.
     */
    consentVersion: z.string().max(32).optional(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBody>;
export const registerResponse = dataEnvelope(z.object({ userId: z.string(), userName: z.string() }));

/** The refresh token travels in this header of GET /v2/user/token (docs/product.md §7). */
export const REFRESH_TOKEN_HEADER = 'refresh-token';

/** An answer without data (`{ code: 200, msg }`), e.g. POST /v2/user/logout. */
export const okEnvelope = z.object({ code: z.number().int(), msg: z.string() });

/** POST /v2/user/logout: ends the login of the bearer token (all its refresh tokens). */
export const logoutBody = z.object({ ...clientFields }).partial();

export const sessionUser = z.object({
  userId: z.string(),
  userName: z.string(),
  avatar: z.string(),
  email: z.string(),
  /** When the VIP membership ends (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai), or null. */
  vipUntil: z.string().nullable(),
});
export const sessionLevel = z.object({
  /** 0 guest, 1 member, above 1 VIP (docs/product.md §6). */
  levelId: z.number().int(),
  groupName: z.string(),
  groupLevel: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUser>;
export type SessionLevel = z.infer<typeof sessionLevel>;

/** GET /v2/user/getInfo — top-level `user`, `level`, `roles`, `permissions` (docs/product.md §3). */
export const userInfoResponse = z.object({
  code: z.number().int(),
  msg: z.string(),
  user: sessionUser,
  level: sessionLevel,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type UserInfoResponse = z.infer<typeof userInfoResponse>;
