import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type AccountSecurity,
  ACCOUNT_PAGES,
  RECOVERY_LIMITS,
  RECOVERY_MSG,
  SERVER_MSG,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, StaffCaller } from '../../http/auth';
import type { Executor } from '../../db/executor';
import type { AuditRecorder } from '../staff-audit/audit.service';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../http/errors';
import type { Logger } from '../../lib/logger';
import { requireStrongPassword } from '../accounts/password-quality';
import { checkPassword, hashPassword } from '../accounts/passwords';
import type { Mailer } from '../mail/mailer';
import { emailChangedMail, resetMail, verifyMail } from './recovery-mails';
import { createRecoveryRepo, type LinkPurpose, type MailAccount } from './recovery.repo';

export interface RecoveryServiceDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  /** The site's public origin the links start with. */
  siteUrl: string;
  /** The captcha of login and registration (the accounts service's). */
  checkCaptcha: (uuid: string | undefined, code: string | undefined) => Promise<void>;
  /** Where the security events go (docs/operations.md). */
  log: Logger;
  /** The audit entry of a reset link staff send (features/staff-audit). */
  audit: AuditRecorder;
}

/** A link's token: 32 random bytes, base64url; only its SHA-256 is stored. */
const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Recovery codes: 16 characters of an alphabet without look-alikes (≈ 79 bits), in fours. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 16;
/** Accounts one address may name in a 忘记密码 (addresses are not unique). */
const ACCOUNTS_PER_ADDRESS = 3;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Getting an account back (decision 066): the safe e-mail verified by a mailed link, 忘记密码 by
 * a single-use link to it, recovery codes for members without a real address, and the console's
 * 发送重置链接. Every new password passes the quality check and ends every login.
 */
export function createRecoveryService({
  db,
  mailer,
  siteUrl,
  checkCaptcha,
  log,
  audit,
}: RecoveryServiceDeps) {
  const repo = createRecoveryRepo(db);

  /** Mails `account` a new link, unless it was sent its hour's share already. */
  /** A new link for `account`, stored; null when it was sent its hour's share already. */
  async function newLink(
    account: MailAccount,
    purpose: LinkPurpose,
    trx: Executor = db,
  ): Promise<string | null> {
    if ((await repo.linksInLastHour(account.userId, purpose, trx)) >= RECOVERY_LIMITS.mailsPerAccountHour)
      return null;
    const token = randomBytes(32).toString('base64url');
    await repo.addLink(
      {
        tokenHash: sha256(token),
        userId: account.userId,
        purpose,
        email: account.email,
        minutes:
          purpose === 'reset' ? RECOVERY_LIMITS.resetLinkMinutes : RECOVERY_LIMITS.verifyLinkHours * 60,
      },
      trx,
    );
    const page = purpose === 'reset' ? ACCOUNT_PAGES.resetPassword : ACCOUNT_PAGES.verifyEmail;
    return `${siteUrl}${page}#token=${token}`;
  }

  function mailLink(account: MailAccount, purpose: LinkPurpose, link: string): void {
    mailer.send(
      purpose === 'reset'
        ? resetMail(account.email, account.userName, link)
        : verifyMail(account.email, account.userName, link),
    );
  }

  /** Mails `account` a new link, unless it was sent its hour's share already. */
  async function sendLink(account: MailAccount, purpose: LinkPurpose): Promise<boolean> {
    const link = await newLink(account, purpose);
    if (link !== null) mailLink(account, purpose, link);
    return link !== null;
  }

  async function requirePassword(caller: Caller, password: string, event: string): Promise<void> {
    const stored = await repo.passwordHashOf(caller.userId);
    if (!stored) throw unauthorized(SERVER_MSG.tokenInvalid);
    if (!(await checkPassword(stored, password))) {
      log.warn({ event, userId: caller.userId }, 'security event');
      throw badRequest(SERVER_MSG.currentPasswordWrong);
    }
  }

  /** The token of a link as typed in; anything not shaped like one is refused unhashed. */
  function linkHash(token: string, invalid: string): string {
    if (!LINK_TOKEN_PATTERN.test(token)) throw badRequest(invalid);
    return sha256(token);
  }

  return {
    /** 账号与安全's e-mail and recovery-code lines. */
    async security(caller: Caller): Promise<Omit<AccountSecurity, 'deletionDays'>> {
      const account = await repo.account(caller.userId);
      if (!account) throw unauthorized(SERVER_MSG.tokenInvalid);
      return {
        email: account.email,
        emailVerified: account.emailVerified,
        recoveryCodesLeft: await repo.recoveryCodesLeft(caller.userId),
      };
    },

    /** A new account's first verification mail (its hour's share cannot be spent yet). */
    async registered(userId: string): Promise<void> {
      const account = await repo.account(userId);
      if (account) await sendLink(account, 'verify');
    },

    async sendVerification(caller: Caller): Promise<void> {
      const account = await repo.account(caller.userId);
      if (!account) throw unauthorized(SERVER_MSG.tokenInvalid);
      if (account.emailVerified) throw badRequest(RECOVERY_MSG.emailAlreadyVerified);
      if (!(await sendLink(account, 'verify'))) throw tooManyRequests(RECOVERY_MSG.tooManyMails);
    },

    async verifyEmail(token: string): Promise<void> {
      const account = await repo.verifyWithLink(linkHash(token, RECOVERY_MSG.verifyLinkInvalid));
      if (!account) throw badRequest(RECOVERY_MSG.verifyLinkInvalid);
      log.info({ event: 'email.verified', userId: account.userId }, 'security event');
    },

    /** A new safe e-mail (with the password): unverified until its link is opened. */
    async changeEmail(caller: Caller, form: { email: string; password: string }): Promise<void> {
      const account = await repo.account(caller.userId);
      if (!account) throw unauthorized(SERVER_MSG.tokenInvalid);
      await requirePassword(caller, form.password, 'email.change_failed');
      if (form.email.toLowerCase() === account.email.toLowerCase())
        throw badRequest(RECOVERY_MSG.emailUnchanged);
      if ((await repo.linksInLastHour(caller.userId, 'verify')) >= RECOVERY_LIMITS.mailsPerAccountHour) {
        throw tooManyRequests(RECOVERY_MSG.tooManyMails);
      }
      await repo.changeEmail(caller.userId, form.email);
      log.info(
        { event: 'email.changed', userId: caller.userId, sessionId: caller.sessionId },
        'security event',
      );
      if (account.emailVerified) mailer.send(emailChangedMail(account.email, account.userName));
      await sendLink({ ...account, email: form.email, emailVerified: false }, 'verify');
    },

    /**
     * 忘记密码: a reset link to each named account's verified address (a user name, or an address
     * a few accounts may share). Answers nothing: the caller hears the same whatever exists.
     */
    async forgotPassword(
      form: { account: string; code?: string | undefined; uuid?: string | undefined },
      ip: string,
    ) {
      await checkCaptcha(form.uuid, form.code);
      const named = form.account.includes('@')
        ? await repo.accountsByVerifiedEmail(form.account, ACCOUNTS_PER_ADDRESS)
        : [await repo.accountByName(form.account.toLowerCase())].filter((a) => a?.emailVerified);
      for (const account of named) {
        if (!account) continue;
        const sent = await sendLink(account, 'reset');
        log.info({ event: 'password.reset_requested', userId: account.userId, ip, sent }, 'security event');
      }
      if (named.length === 0)
        log.info({ event: 'password.reset_requested', userId: null, ip }, 'security event');
    },

    /** A new password from a reset link, which it spends; every login ends. */
    async resetPassword(form: { token: string; newPassword: string }): Promise<void> {
      const tokenHash = linkHash(form.token, RECOVERY_MSG.resetLinkInvalid);
      const holder = await repo.linkAccount(tokenHash, 'reset');
      if (!holder) throw badRequest(RECOVERY_MSG.resetLinkInvalid);
      requireStrongPassword(form.newPassword, [holder.userName, holder.email]);
      const reset = await repo.resetWithLink(tokenHash, await hashPassword(form.newPassword));
      if (!reset) throw badRequest(RECOVERY_MSG.resetLinkInvalid);
      log.info(
        {
          event: 'password.reset',
          userId: reset.account.userId,
          by: 'link',
          endedSessions: reset.endedSessions,
        },
        'security event',
      );
    },

    /** A new password with one recovery code, which it spends; every login ends. */
    async recoverPassword(
      form: {
        userName: string;
        recoveryCode: string;
        newPassword: string;
        code?: string | undefined;
        uuid?: string | undefined;
      },
      ip: string,
    ): Promise<void> {
      await checkCaptcha(form.uuid, form.code);
      const account = await repo.accountByName(form.userName.toLowerCase());
      const code = form.recoveryCode.toLowerCase().replace(/[\s-]/g, '');
      if (!account) {
        log.warn({ event: 'password.recover_failed', userId: null, ip }, 'security event');
        throw badRequest(RECOVERY_MSG.recoveryFailed);
      }
      requireStrongPassword(form.newPassword, [account.userName, account.email]);
      const ended = await repo.resetWithCode(
        account.userId,
        sha256(`${account.userId}:${code}`),
        await hashPassword(form.newPassword),
      );
      if (ended === undefined) {
        log.warn({ event: 'password.recover_failed', userId: account.userId, ip }, 'security event');
        throw badRequest(RECOVERY_MSG.recoveryFailed);
      }
      log.info(
        { event: 'password.reset', userId: account.userId, by: 'recovery_code', endedSessions: ended },
        'security event',
      );
    },

    /** A new set of recovery codes (with the password), answered once; the old set stops working. */
    async makeRecoveryCodes(caller: Caller, password: string): Promise<{ codes: string[] }> {
      await requirePassword(caller, password, 'recovery_codes.refused');
      const codes = Array.from({ length: RECOVERY_LIMITS.recoveryCodeCount }, newRecoveryCode);
      await repo.replaceRecoveryCodes(
        caller.userId,
        codes.map((code) => sha256(`${caller.userId}:${code.replace(/-/g, '')}`)),
      );
      log.info({ event: 'recovery_codes.created', userId: caller.userId }, 'security event');
      return { codes };
    },

    /** The console's 发送重置链接: staff never see or set the password, the member sets it. */
    async sendResetLinkFor(staff: StaffCaller, userId: string): Promise<void> {
      const account = await repo.account(userId);
      if (!account) throw notFound(RECOVERY_MSG.userNotFound);
      if (!account.emailVerified) throw badRequest(RECOVERY_MSG.memberEmailUnverified);
      // The link and its audit entry together; the mail only once both are stored.
      const link = await repo.inTransaction(async (trx) => {
        const made = await newLink(account, 'reset', trx);
        if (made !== null)
          await audit(staff, { action: 'user.resetLink', objectType: 'user', objectId: userId }, trx);
        return made;
      });
      if (link === null) throw tooManyRequests(RECOVERY_MSG.tooManyMails);
      mailLink(account, 'reset', link);
      log.info({ event: 'password.reset_link_sent', userId, by: staff.userId }, 'security event');
    },

    /** Forgets links a day past their end. */
    sweep: () => repo.sweepLinks(),
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;

function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}
