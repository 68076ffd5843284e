import { TWO_FACTOR_LIMITS } from '@yingku/contract';
import type { GuardRepo } from './guard.repo';

/**
 * Guesses at what confirms an account beyond its login password (decision 070): two-factor codes
 * and backup codes at the login's second step, and the passwords and codes that re-confirm a
 * login or change its 两步验证. Counted per account, whatever the address, in the login_failures
 * table as the failed-login limits are (login-limits.ts): past TWO_FACTOR_LIMITS.guessesPerWindow
 * wrong ones in a window, every guess is refused until the window has passed. A six-digit code
 * allows three right answers in a million; five guesses a quarter of an hour keep a guesser who
 * holds the password far from them.
 */
export interface ConfirmationGuesses {
  /** Whether the account must wait before its next guess. */
  locked(userId: string): Promise<boolean>;
  recordFailure(userId: string): Promise<void>;
  /** A right answer forgets the wrong ones before it. */
  clear(userId: string): Promise<void>;
}

const guessKey = (userId: string) => JSON.stringify(['confirm', userId]);

export function createConfirmationGuesses(guard: GuardRepo): ConfirmationGuesses {
  const { guessesPerWindow, guessWindowMinutes } = TWO_FACTOR_LIMITS;
  return {
    async locked(userId) {
      const key = guessKey(userId);
      return (await guard.failureCounters([key])).get(key)?.limitReached ?? false;
    },
    recordFailure: (userId) => guard.recordFailure(guessKey(userId), guessesPerWindow, guessWindowMinutes),
    clear: (userId) => guard.clearFailures(guessKey(userId)),
  };
}
