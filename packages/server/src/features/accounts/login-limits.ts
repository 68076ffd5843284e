import type { GuardRepo } from './guard.repo';
import type { SessionRepo } from './session.repo';

/**
 * Failed-login limits (docs/decisions/009-accounts-and-tokens.md). Every counter runs in a
 * window of {@link LOGIN_LIMITS.windowMinutes}; reaching its limit holds for as long.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  /** One account from one address: locked — the lockout a guessing attacker meets first. */
  perPair: 5,
  /**
   * One address, whatever the accounts (spraying one password over many names): past this the
   * address is slowed, never locked — every login from it needs a captcha (even with captchas
   * off) and each failure is answered after a growing delay — so the people behind one NAT or
   * carrier gateway still log in with their own passwords.
   */
  perAddress: 20,
  /**
   * One account, whatever the addresses: the ceiling for an attacker with many addresses.
   * It never locks out an address this account has logged in from before.
   */
  perAccount: 50,
  /** A slowed address's failure waits this much more per failure past {@link perAddress} … */
  backoffStepMs: 250,
  /** … up to this, well inside the client's 10 s timeout. */
  backoffMaxMs: 3_000,
} as const;

/**
 * However often its tokens are used, a login ends this long after it began (OWASP ASVS 5.0
 * §7.3): a stolen refresh token is not good for ever. Shorter for staff, whose logins can do
 * more. Server-only, so kept out of the contract the web bundles.
 */
export const LOGIN_MAX_DAYS = { member: 90, staff: 14 } as const;

export interface LoginAttempt {
  /** lower(userName), counted whether or not the name exists (a lock tells nothing). */
  userNameKey: string;
  ip: string;
}

/** Where an attempt stands before its password is looked at. */
export interface LoginStanding {
  /** The pair is locked, or the account ceiling holds from this address: refused as it is. */
  locked: boolean;
  /** The address failed {@link LOGIN_LIMITS.perAddress} times: it must pass a captcha. */
  addressSlowed: boolean;
  /** How long a failure of this attempt waits before it is answered. */
  failureDelayMs: number;
}

export interface LoginLimiter {
  standing(attempt: LoginAttempt): Promise<LoginStanding>;
  /** Whether logins from this address must pass a captcha whatever CAPTCHA_ENABLED says. */
  addressSlowed(ip: string): Promise<boolean>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  /** A success forgets this pair's failures (not the address's or the account's). */
  recordSuccess(attempt: LoginAttempt): Promise<void>;
}

const addressKey = (ip: string) => JSON.stringify(['address', ip]);
const keys = ({ userNameKey, ip }: LoginAttempt) => ({
  pair: JSON.stringify(['pair', userNameKey, ip]),
  address: addressKey(ip),
  account: JSON.stringify(['account', userNameKey]),
});

/** The limits above, kept in the login_failures table so every server instance shares them. */
export function createLoginLimiter(guard: GuardRepo, sessions: SessionRepo): LoginLimiter {
  const { windowMinutes } = LOGIN_LIMITS;
  return {
    async standing(attempt) {
      const k = keys(attempt);
      const counters = await guard.failureCounters([k.pair, k.address, k.account]);
      const address = counters.get(k.address);
      const addressSlowed = address?.limitReached ?? false;
      const failureDelayMs = addressSlowed ? backoffMs(address?.failures ?? 0) : 0;
      // The account ceiling must not let strangers lock the owner out: where the owner has
      // logged in before, only the pair limit applies.
      const locked =
        (counters.get(k.pair)?.limitReached ?? false) ||
        ((counters.get(k.account)?.limitReached ?? false) &&
          !(await sessions.knownAddress(attempt.userNameKey, attempt.ip)));
      return { locked, addressSlowed, failureDelayMs };
    },
    async addressSlowed(ip) {
      return (await guard.failureCounters([addressKey(ip)])).get(addressKey(ip))?.limitReached ?? false;
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

/** 250 ms at the limit, 250 ms more for each failure past it, at most 3 s. */
function backoffMs(failures: number): number {
  // At least one step: a new window may have begun while the slowdown still holds.
  const past = Math.max(1, failures - LOGIN_LIMITS.perAddress + 1);
  return Math.min(past * LOGIN_LIMITS.backoffStepMs, LOGIN_LIMITS.backoffMaxMs);
}
