import type { GuardRepo } from './guard.repo';
import type { SessionRepo } from './session.repo';

/**
 * Failed-login limits (docs/decisions/009-accounts-and-tokens.md). Every counter runs in a
 * window of {@link LOGIN_LIMITS.windowMinutes}; reaching its limit locks it for as long.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  /** One account from one address: the lockout a guessing attacker meets first. */
  perPair: 5,
  /** One address, whatever the accounts (spraying one password over many names). */
  perAddress: 20,
  /**
   * One account, whatever the addresses: the ceiling for an attacker with many addresses.
   * It never locks out an address this account has logged in from before.
   */
  perAccount: 50,
} as const;

export interface LoginAttempt {
  /** lower(userName), counted whether or not the name exists (a lock tells nothing). */
  userNameKey: string;
  ip: string;
}

export interface LoginLimiter {
  /** Whether this attempt must be refused without looking at the password. */
  isLocked(attempt: LoginAttempt): Promise<boolean>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  /** A success forgets this pair's failures (not the address's or the account's). */
  recordSuccess(attempt: LoginAttempt): Promise<void>;
}

const keys = ({ userNameKey, ip }: LoginAttempt) => ({
  pair: JSON.stringify(['pair', userNameKey, ip]),
  address: JSON.stringify(['address', ip]),
  account: JSON.stringify(['account', userNameKey]),
});

/** The limits above, kept in the login_failures table so every server instance shares them. */
export function createLoginLimiter(guard: GuardRepo, sessions: SessionRepo): LoginLimiter {
  const { windowMinutes } = LOGIN_LIMITS;
  return {
    async isLocked(attempt) {
      const k = keys(attempt);
      const locked = new Set(await guard.lockedKeys([k.pair, k.address, k.account]));
      if (locked.has(k.pair) || locked.has(k.address)) return true;
      // The account ceiling must not let strangers lock the owner out: where the owner has
      // logged in before, only the pair and address limits apply.
      return locked.has(k.account) && !(await sessions.knownAddress(attempt.userNameKey, attempt.ip));
    },
    async recordFailure(attempt) {
      const k = keys(attempt);
      await guard.recordFailure(k.pair, LOGIN_LIMITS.perPair, windowMinutes);
      await guard.recordFailure(k.address, LOGIN_LIMITS.perAddress, windowMinutes);
      await guard.recordFailure(k.account, LOGIN_LIMITS.perAccount, windowMinutes);
    },
    async recordSuccess(attempt) {
      await guard.clearFailures(keys(attempt).pair);
    },
  };
}
