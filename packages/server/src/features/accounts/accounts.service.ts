import { createHash, randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import {
  type AuthTokens,
  DELETION_MSG,
  LIMITS,
  permissionsOf,
  PRIVACY_VERSION,
  type LoginSessionRow,
  type LoginTokens,
  type SecondFactorChallenge,
  type SessionLevel,
  type SessionUser,
  SERVER_MSG,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AccessTokens, Caller } from '../../http/auth';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../http/errors';
import { type AppMetrics, NO_METRICS } from '../../http/metrics';
import type { Logger } from '../../lib/logger';
import { createAccountsRepo } from './accounts.repo';
import { createCaptchaService } from './captcha.service';
import { createConfirmationGuesses } from './confirmation-guesses';
import { createGuardRepo } from './guard.repo';
import { coarseAddress, deviceName } from './login-devices';
import { createLoginLimiter, LOGIN_LIMITS, LOGIN_MAX_DAYS } from './login-limits';
import { requireStrongPassword } from './password-quality';
import { checkPassword, hashPassword } from './passwords';
import { createSessionRepo } from './session.repo';

/** Where a login comes from. */
export interface Client {
  ip: string;
  userAgent: string;
}

export interface AccountsServiceDeps {
  db: Kysely<DB>;
  /** CAPTCHA_ENABLED: a captcha on every login and registration, not only from slowed addresses. */
  captchaEnabled: boolean;
  tokens: AccessTokens;
  /** Where the security events go (docs/operations.md): logins, lockouts, replayed tokens, logouts. */
  log: Logger;
  /** After a registration: the safe e-mail's verification mail (features/account-recovery). */
  onRegistered?: (userId: string) => Promise<void>;
  /** A login during 注销账号's cooling-off period undoes it (features/account-deletion). */
  cancelDeletion?: (userId: string) => Promise<boolean>;
  /** RETENTION_DAYS: a login's address and user agent are blanked after this many days. */
  retentionDays?: number;
  /**
   * After the right password: the ticket of the login's second step when the account has
   * 两步验证 on (features/two-factor), else null — the login is then finished at once.
   */
  secondFactorTicket?: (userId: string) => Promise<string | null>;
  /** Where refused logins are counted by reason (/metrics; decision 082). */
  metrics?: Pick<AppMetrics, 'loginFailed'>;
}

/** An ended login is kept this long (for the member's and support's questions), then removed. */
const ENDED_LOGIN_DAYS = 30;

/** The validated forms (see the contract's loginBody and registerBody). */
interface LoginForm {
  userName: string;
  password: string;
  code?: string | undefined;
  uuid?: string | undefined;
}
interface RegisterForm extends LoginForm {
  email: string;
  consentVersion?: string | undefined;
}

export interface UserInfo {
  user: SessionUser;
  level: SessionLevel;
  roles: string[];
  permissions: string[];
}

/** What a refresh token looks like (32 random bytes, base64url); anything else is refused unhashed. */
const REFRESH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Registration, login, token rotation, logout and getInfo: the rules; SQL is in the repos. */
export function createAccountsService({
  db,
  captchaEnabled,
  tokens,
  log,
  onRegistered,
  cancelDeletion,
  retentionDays = 180,
  secondFactorTicket,
  metrics = NO_METRICS,
}: AccountsServiceDeps) {
  const accounts = createAccountsRepo(db);
  const sessions = createSessionRepo(db);
  const guard = createGuardRepo(db);
  const captcha = createCaptchaService(guard, captchaEnabled);
  const limiter = createLoginLimiter(guard, sessions);

  async function newTokens(userId: string, sessionId: string, refreshToken: string): Promise<AuthTokens> {
    return { accessToken: await tokens.issue({ userId, sessionId }), refreshToken };
  }

  /** Opens the login and its tokens; a login in 注销账号's cooling-off period undoes it. */
  async function startLogin(
    user: { id: string; deletion_requested_at: Date | null },
    client: Client,
    secondFactor: boolean,
  ): Promise<LoginTokens> {
    const refreshToken = newRefreshToken();
    const { sessionId } = await sessions.startLogin({
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      tokenHash: hashRefreshToken(refreshToken),
      refreshDays: LIMITS.refreshTokenDays,
      secondFactor,
    });
    log.info(
      { event: 'login.succeeded', userId: user.id, sessionId, ip: client.ip, secondFactor },
      'security event',
    );
    const deletionCancelled =
      user.deletion_requested_at !== null && cancelDeletion !== undefined && (await cancelDeletion(user.id));
    return {
      ...(await newTokens(user.id, sessionId, refreshToken)),
      ...(deletionCancelled ? { deletionCancelled } : {}),
    };
  }

  return {
    /** A captcha; an address slowed by failed logins gets one even when captchas are off. */
    issueCaptcha: async (ip: string) => captcha.issue(await limiter.addressSlowed(ip)),

    /** Forgets login-failure counts and captchas past their window (run every few minutes). */
    sweepLoginLimits: () => guard.sweep(LOGIN_LIMITS.windowMinutes),

    /** What is kept of logins, and for how long (docs/operations.md#what-is-kept; run hourly). */
    async sweepRetention(): Promise<void> {
      const swept = await sessions.sweepRetention({
        endedDays: ENDED_LOGIN_DAYS,
        addressDays: retentionDays,
      });
      if (swept.logins + swept.tokens + swept.blanked > 0)
        log.info({ event: 'retention.swept', ...swept }, 'retention');
    },

    /** The captcha of a form that is not a login (忘记密码, a recovery code): required when captchas are on. */
    checkCaptcha: (uuid: string | undefined, code: string | undefined) => captcha.check(uuid, code),

    async register(form: RegisterForm): Promise<{ userId: string; userName: string }> {
      await captcha.check(form.uuid, form.code);
      const userNameKey = form.userName.toLowerCase();
      if (await accounts.nameTaken(userNameKey)) throw badRequest(SERVER_MSG.userNameTaken);
      requireStrongPassword(form.password, [form.userName, form.email]);
      // Agreed to a notice other than today's: the page was opened before it changed.
      if (form.consentVersion !== undefined && form.consentVersion !== PRIVACY_VERSION) {
        throw badRequest(DELETION_MSG.consentOutdated);
      }
      const created = await accounts.createUser({
        userName: form.userName,
        userNameKey,
        email: form.email,
        passwordHash: await hashPassword(form.password),
        consentVersion: form.consentVersion,
      });
      if (!created) throw badRequest(SERVER_MSG.userNameTaken);
      await onRegistered?.(created.userId);
      return { userId: created.userId, userName: form.userName };
    },

    /**
     * Checks the captcha (always, from an address slowed by failures), the locks of this name
     * from this address and of the account, then the password. A failure from a slowed address
     * is answered late; a right password is never refused for other names' failures.
     */
    async login(form: LoginForm, client: Client): Promise<LoginTokens | SecondFactorChallenge> {
      const attempt = { userNameKey: form.userName.toLowerCase(), ip: client.ip };
      const standing = await limiter.standing(attempt);
      await captcha.check(form.uuid, form.code, standing.addressSlowed).catch((error: unknown) => {
        metrics.loginFailed('captcha');
        throw error;
      });
      if (standing.locked) {
        log.warn({ event: 'login.locked', userName: attempt.userNameKey, ip: client.ip }, 'security event');
        metrics.loginFailed('locked');
        throw tooManyRequests(SERVER_MSG.loginLocked);
      }
      const user = await accounts.findForLogin(attempt.userNameKey);
      if (!(await checkPassword(user?.password_hash, form.password)) || !user) {
        metrics.loginFailed(user ? 'wrong_password' : 'unknown_user');
        log.warn(
          { event: 'login.failed', userId: user?.id ?? null, userName: attempt.userNameKey, ip: client.ip },
          'security event',
        );
        await limiter.recordFailure(attempt);
        if (standing.failureDelayMs > 0) await setTimeout(standing.failureDelayMs);
        throw badRequest(SERVER_MSG.loginFailed);
      }
      // Said only to whoever knows the password, so it tells a guesser nothing.
      if (user.disabled_at !== null) {
        log.warn({ event: 'login.disabled', userId: user.id, ip: client.ip }, 'security event');
        metrics.loginFailed('disabled');
        throw badRequest(SERVER_MSG.accountDisabled);
      }
      await limiter.recordSuccess(attempt);
      const ticket = await secondFactorTicket?.(user.id);
      if (ticket) {
        log.info({ event: 'login.second_factor_asked', userId: user.id, ip: client.ip }, 'security event');
        return { secondFactorRequired: true, ticket };
      }
      return startLogin(user, client, false);
    },

    /**
     * The login's second step, after features/two-factor has checked the ticket and the code:
     * the login opens, marked as having proved a second factor. Refused (as at the first step)
     * when the account was disabled meanwhile.
     */
    async finishSecondFactorLogin(userId: string, client: Client): Promise<LoginTokens> {
      const user = await accounts.findForLoginById(userId);
      if (!user) throw badRequest(SERVER_MSG.loginFailed);
      if (user.disabled_at !== null) {
        log.warn({ event: 'login.disabled', userId, ip: client.ip }, 'security event');
        metrics.loginFailed('disabled');
        throw badRequest(SERVER_MSG.accountDisabled);
      }
      return startLogin(user, client, true);
    },

    /** Wrong codes and re-confirmation passwords, per account (confirmation-guesses.ts). */
    confirmationGuesses: createConfirmationGuesses(guard),

    /** Spends a refresh token for a new pair; a replayed one ends its whole login. */
    async refresh(presented: string | undefined): Promise<AuthTokens> {
      if (!presented || !REFRESH_TOKEN_PATTERN.test(presented)) throw unauthorized(SERVER_MSG.tokenInvalid);
      const refreshToken = newRefreshToken();
      const rotation = await sessions.rotate(hashRefreshToken(presented), hashRefreshToken(refreshToken), {
        refreshDays: LIMITS.refreshTokenDays,
        loginDays: LOGIN_MAX_DAYS.member,
        staffLoginDays: LOGIN_MAX_DAYS.staff,
      });
      if (rotation.kind === 'reused') {
        // A spent token shown again: a stolen copy may be in use, so its login has been ended.
        log.warn({ event: 'token.reused', sessionId: rotation.sessionId }, 'security event');
      }
      if (rotation.kind !== 'rotated') throw unauthorized(SERVER_MSG.tokenInvalid);
      return newTokens(rotation.userId, rotation.sessionId, refreshToken);
    },

    async logout(caller: Caller): Promise<void> {
      await sessions.endLogin(caller.sessionId, caller.userId);
      log.info({ event: 'logout', userId: caller.userId, sessionId: caller.sessionId }, 'security event');
    },

    /**
     * 修改密码: the current password, then the new one (registration's rules); every other login
     * of the account ends, this one stays.
     */
    async changePassword(
      caller: Caller,
      form: { oldPassword: string; newPassword: string },
    ): Promise<{ endedSessions: number }> {
      const currentHash = await accounts.passwordHashOf(caller.userId);
      if (!currentHash) throw unauthorized(SERVER_MSG.tokenInvalid);
      if (!(await checkPassword(currentHash, form.oldPassword))) {
        log.warn({ event: 'password.change_failed', userId: caller.userId }, 'security event');
        throw badRequest(SERVER_MSG.currentPasswordWrong);
      }
      const account = await accounts.userInfo(caller.userId);
      requireStrongPassword(form.newPassword, account ? [account.userName, account.email] : []);
      const ended = await accounts.changePassword(
        caller.userId,
        currentHash,
        await hashPassword(form.newPassword),
        caller.sessionId,
      );
      // Changed by another request in between: that one's current password was this one.
      if (ended === null) throw badRequest(SERVER_MSG.currentPasswordWrong);
      log.info(
        {
          event: 'password.changed',
          userId: caller.userId,
          sessionId: caller.sessionId,
          endedSessions: ended,
        },
        'security event',
      );
      return { endedSessions: ended };
    },

    /** The caller's live logins, newest first, the caller's own marked. */
    async loginSessions(caller: Caller): Promise<LoginSessionRow[]> {
      const rows = await sessions.liveLogins(caller.userId, {
        loginDays: LOGIN_MAX_DAYS.member,
        staffLoginDays: LOGIN_MAX_DAYS.staff,
      });
      return rows.map((row) => ({
        sessionId: row.sessionId,
        device: deviceName(row.userAgent),
        address: coarseAddress(row.ip),
        firstSeen: row.firstSeen,
        lastSeen: row.lastSeen,
        current: row.sessionId === caller.sessionId,
      }));
    },

    /** Ends one of the caller's logins (their own included): a 404 when it is not theirs or over. */
    async endSession(caller: Caller, sessionId: string): Promise<void> {
      if (!(await sessions.endLogin(sessionId, caller.userId))) throw notFound(SERVER_MSG.sessionNotFound);
      log.info(
        { event: 'session.ended', userId: caller.userId, sessionId, by: caller.sessionId },
        'security event',
      );
    },

    /** 退出所有设备: every login of the caller ends, this one too. */
    async endAllSessions(caller: Caller): Promise<{ endedSessions: number }> {
      const ended = await sessions.endLogins(caller.userId);
      log.info(
        { event: 'session.ended_all', userId: caller.userId, by: caller.sessionId, endedSessions: ended },
        'security event',
      );
      return { endedSessions: ended };
    },

    async userInfo(caller: Caller): Promise<UserInfo> {
      const row = await accounts.userInfo(caller.userId);
      if (!row) throw notFound();
      return {
        user: {
          userId: row.userId,
          userName: row.userName,
          avatar: row.avatar,
          email: row.email,
          vipUntil: row.vipUntil,
        },
        level: { levelId: row.levelId, groupName: row.groupName, groupLevel: row.groupLevel },
        roles: row.roles,
        permissions: permissionsOf(row.roles),
      };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** 32 random bytes, base64url: opaque, so it can never pass for a JWT access token. */
function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored: a leaked table gives no usable token. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
