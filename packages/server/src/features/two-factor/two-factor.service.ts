import { createHash, randomBytes } from 'node:crypto';
import {
  type LoginTokens,
  SERVER_MSG,
  TWO_FACTOR_LIMITS,
  TWO_FACTOR_MSG,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors';
import { type AppMetrics, NO_METRICS } from '../../http/metrics';
import type { Logger } from '../../lib/logger';
import type { Client } from '../accounts/accounts.service';
import type { ConfirmationGuesses } from '../accounts/confirmation-guesses';
import { checkPassword } from '../accounts/passwords';
import {
  checkTotp,
  isBackupCode,
  isTotpCode,
  newBackupCode,
  newTotpSecret,
  normalizeCode,
  otpauthUri,
  type TotpCheck,
} from './codes';
import { createSecretBox } from './secret-box';
import { createTwoFactorRepo } from './two-factor.repo';

export interface TwoFactorServiceDeps {
  db: Kysely<DB>;
  /** TWO_FACTOR_KEY. */
  key: Buffer;
  /** Where the security events go (docs/operations.md). */
  log: Logger;
  /** Wrong codes and passwords, per account (the accounts feature keeps the counters). */
  guesses: ConfirmationGuesses;
  /** Opens the login once its second step has passed (the accounts feature's). */
  finishLogin: (userId: string, client: Client) => Promise<LoginTokens>;
  /** A login's second step refused counts as a failed login (/metrics; decision 082). */
  metrics?: Pick<AppMetrics, 'loginFailed'>;
}

/** A login's ticket: 32 random bytes, base64url; only its SHA-256 is stored. */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const REFUSAL: Record<Exclude<TotpCheck['kind'], 'accepted'>, string> = {
  wrong: TWO_FACTOR_MSG.codeWrong,
  reused: TWO_FACTOR_MSG.codeReused,
  expired: TWO_FACTOR_MSG.codeExpired,
};

/**
 * 两步验证 (decision 070): TOTP set up with the password and confirmed by a code, backup codes,
 * the login's second step, re-confirmation before sensitive actions, and the console's reset.
 * Every code and password checked here counts against the account's guesses.
 */
export function createTwoFactorService({
  db,
  key,
  log,
  guesses,
  finishLogin,
  metrics = NO_METRICS,
}: TwoFactorServiceDeps) {
  const repo = createTwoFactorRepo(db);
  const box = createSecretBox(key);

  async function refuseWhileLocked(userId: string): Promise<void> {
    if (await guesses.locked(userId)) {
      log.warn({ event: 'two_factor.locked', userId }, 'security event');
      throw tooManyRequests(TWO_FACTOR_MSG.tooManyGuesses);
    }
  }

  /** The second step's checks: a live ticket, and a right code for its account (spends both). */
  async function secondStep(form: { ticket: string; code: string }) {
    const ticketHash = TICKET_PATTERN.test(form.ticket) ? sha256(form.ticket) : undefined;
    const userId = ticketHash && (await repo.ticketHolder(ticketHash));
    if (!ticketHash || !userId) throw badRequest(TWO_FACTOR_MSG.ticketInvalid);
    const used = await requireCode(userId, form.code, 'login.second_factor_failed');
    if (!(await repo.spendTicket(ticketHash))) throw badRequest(TWO_FACTOR_MSG.ticketInvalid);
    return { userId, used };
  }

  async function refuse(userId: string, msg: string, event: string): Promise<never> {
    await guesses.recordFailure(userId);
    log.warn({ event, userId }, 'security event');
    throw badRequest(msg);
  }

  /** The password confirms a change; a wrong one counts (a right one forgets nothing). */
  async function requirePassword(userId: string, password: string, event: string): Promise<void> {
    await refuseWhileLocked(userId);
    const account = await repo.account(userId);
    if (!account) throw unauthorized(SERVER_MSG.tokenInvalid);
    if (!(await checkPassword(account.passwordHash, password)))
      await refuse(userId, SERVER_MSG.currentPasswordWrong, event);
  }

  /**
   * A code from the app, or a backup code (spent), of an account with two-factor sign-in on.
   * A wrong, reused or expired one counts and is refused with its reason; a right one forgets
   * the account's wrong guesses.
   */
  async function requireCode(userId: string, typed: string, event: string): Promise<'totp' | 'backup'> {
    await refuseWhileLocked(userId);
    const row = await repo.row(userId, TWO_FACTOR_LIMITS.enrolMinutes);
    if (!row?.enabledAt) throw badRequest(TWO_FACTOR_MSG.notEnabled);
    const code = normalizeCode(typed);
    if (isBackupCode(code)) {
      if (!(await repo.spendBackupCode(userId, box.codeHash(userId, code))))
        await refuse(userId, TWO_FACTOR_MSG.codeWrong, event);
      log.info({ event: 'two_factor.backup_code_used', userId }, 'security event');
    } else {
      const check = await checkTotp(box.open(row.secretSealed, userId), code, row.lastTimeStep);
      if (check.kind !== 'accepted') await refuse(userId, REFUSAL[check.kind], event);
      else if (!(await repo.acceptStep(userId, check.timeStep)))
        await refuse(userId, TWO_FACTOR_MSG.codeReused, event);
    }
    await guesses.clear(userId);
    return isTotpCode(code) ? 'totp' : 'backup';
  }

  /** A new set of backup codes, as shown once, and their hashes, as stored. */
  function newBackupCodes(userId: string) {
    const codes = Array.from({ length: TWO_FACTOR_LIMITS.backupCodeCount }, newBackupCode);
    return { codes, hashes: codes.map((code) => box.codeHash(userId, normalizeCode(code))) };
  }

  return {
    async status(caller: Caller): Promise<TwoFactorStatus> {
      const { enabledAt, backupCodesLeft } = await repo.status(caller.userId);
      return { enabled: enabledAt !== null, enabledAt, backupCodesLeft };
    },

    /** A new secret, pending until {@link confirm}: replaces a set-up left unconfirmed. */
    async startEnrolment(caller: Caller, password: string): Promise<TwoFactorEnrolment> {
      await requirePassword(caller.userId, password, 'two_factor.enrol_refused');
      const account = await repo.account(caller.userId);
      if (!account) throw unauthorized(SERVER_MSG.tokenInvalid);
      const secret = newTotpSecret();
      if (!(await repo.startEnrolment(caller.userId, box.seal(secret, caller.userId))))
        throw badRequest(TWO_FACTOR_MSG.alreadyEnabled);
      log.info({ event: 'two_factor.enrol_started', userId: caller.userId }, 'security event');
      return { secret, otpauthUri: otpauthUri(TWO_FACTOR_MSG.issuer, account.userName, secret) };
    },

    /**
     * The set-up's first code turns two-factor sign-in on: the backup codes, shown this once;
     * every other login of the account ends (as after a new password), this one stays.
     */
    async confirm(caller: Caller, typed: string): Promise<{ backupCodes: string[]; endedSessions: number }> {
      const { userId } = caller;
      await refuseWhileLocked(userId);
      const row = await repo.row(userId, TWO_FACTOR_LIMITS.enrolMinutes);
      if (row?.enabledAt) throw badRequest(TWO_FACTOR_MSG.alreadyEnabled);
      if (!row?.fresh) throw badRequest(TWO_FACTOR_MSG.enrolMissing);
      const check = await checkTotp(
        box.open(row.secretSealed, userId),
        normalizeCode(typed),
        row.lastTimeStep,
      );
      if (check.kind !== 'accepted') return refuse(userId, REFUSAL[check.kind], 'two_factor.confirm_failed');
      const { codes, hashes } = newBackupCodes(userId);
      const ended = await repo.enable({
        userId,
        timeStep: check.timeStep,
        enrolMinutes: TWO_FACTOR_LIMITS.enrolMinutes,
        codeHashes: hashes,
        sessionId: caller.sessionId,
      });
      // Confirmed, replaced or expired by another request in between.
      if (ended === null) throw badRequest(TWO_FACTOR_MSG.enrolMissing);
      await guesses.clear(userId);
      log.info(
        { event: 'two_factor.enabled', userId, sessionId: caller.sessionId, endedSessions: ended },
        'security event',
      );
      return { backupCodes: codes, endedSessions: ended };
    },

    /** Off, with the password and a code (a backup code does, for a lost phone). */
    async disable(caller: Caller, form: { password: string; code: string }): Promise<void> {
      await requirePassword(caller.userId, form.password, 'two_factor.disable_refused');
      await requireCode(caller.userId, form.code, 'two_factor.disable_refused');
      await repo.remove(caller.userId);
      log.info({ event: 'two_factor.disabled', userId: caller.userId }, 'security event');
    },

    /** A new set of backup codes (with a code), shown once; the old set stops working. */
    async makeBackupCodes(caller: Caller, typed: string): Promise<{ backupCodes: string[] }> {
      await requireCode(caller.userId, typed, 'two_factor.backup_codes_refused');
      const { codes, hashes } = newBackupCodes(caller.userId);
      await repo.replaceBackupCodes(caller.userId, hashes);
      log.info({ event: 'two_factor.backup_codes_created', userId: caller.userId }, 'security event');
      return { backupCodes: codes };
    },

    /**
     * The ticket of a login's second step, for an account with two-factor sign-in on (the
     * accounts feature asks after the right password); null when it is off.
     */
    async loginTicket(userId: string): Promise<string | null> {
      if (!(await repo.isEnabled(userId))) return null;
      const ticket = randomBytes(32).toString('base64url');
      await repo.addTicket(sha256(ticket), userId, TWO_FACTOR_LIMITS.ticketMinutes);
      return ticket;
    },

    /** The login's second step: the ticket (spent) and a code; the login opens. */
    async finishLogin(form: { ticket: string; code: string }, client: Client): Promise<LoginTokens> {
      const { userId, used } = await secondStep(form).catch((error: unknown) => {
        metrics.loginFailed('second_factor');
        throw error;
      });
      log.info({ event: 'login.second_factor_passed', userId, ip: client.ip, used }, 'security event');
      return finishLogin(userId, client);
    },

    /** Re-confirms the caller's login with the password or a code, for sensitive actions. */
    async reauth(caller: Caller, form: { password?: string | undefined; code?: string | undefined }) {
      if (form.password !== undefined) await requirePassword(caller.userId, form.password, 'reauth.failed');
      else await requireCode(caller.userId, form.code ?? '', 'reauth.failed');
      await repo.stampReauth(caller.sessionId, caller.userId);
      log.info(
        { event: 'reauth.succeeded', userId: caller.userId, sessionId: caller.sessionId },
        'security event',
      );
    },

    /**
     * The console's reset of another account (a member who lost the phone and the backup codes):
     * its secret, pending set-up, backup codes and tickets go, and every login of the account
     * ends. `trx` last (decision 040): the caller's transaction, with its audit entry; without
     * one, a transaction of its own.
     */
    async resetFor(targetUserId: string, trx?: Executor): Promise<{ wasOn: boolean; endedSessions: number }> {
      const reset = async (work: Executor) => {
        const wasOn = await repo.remove(targetUserId, work);
        return { wasOn, endedSessions: await repo.endAllLogins(targetUserId, work) };
      };
      const done = trx ? await reset(trx) : await repo.inTransaction(reset);
      log.info({ event: 'two_factor.reset', userId: targetUserId, ...done }, 'security event');
      return done;
    },

    /** 注销账号 (a MemberForgetter of features/account-deletion): nothing of it stays. */
    forgetMember: (userId: string, trx: Executor) => repo.remove(userId, trx),

    /** Forgets tickets past their end and set-ups abandoned for a day (run every few minutes). */
    sweep: () => repo.sweep(),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
