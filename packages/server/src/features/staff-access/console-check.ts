import { STAFF_MSG, TWO_FACTOR_MSG } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ConsoleCheck } from '../../http/auth';
import { forbidden, unauthorized } from '../../http/errors';
import type { Logger } from '../../lib/logger';
import { createConsoleSessionsRepo } from './console-sessions.repo';

export interface ConsoleCheckDeps {
  db: Kysely<DB>;
  /** CONSOLE_IDLE_MINUTES. */
  idleMinutes: number;
  log: Logger;
}

/**
 * What a staff login must hold for each console call (decision 071): a second factor on the
 * account (403 TWO_FACTOR_MSG.enrolRequired sends the console to 两步验证 first), and use of
 * the console within CONSOLE_IDLE_MINUTES (else the login is ended: 401 STAFF_MSG.idleEnded,
 * and the refresh that follows fails too, so the console asks for a new sign-in).
 */
export function createConsoleCheck({ db, idleMinutes, log }: ConsoleCheckDeps): ConsoleCheck {
  const sessions = createConsoleSessionsRepo(db);
  return async (caller) => {
    if (!caller.twoFactor) throw forbidden(TWO_FACTOR_MSG.enrolRequired);
    if (await sessions.touch(caller.sessionId, idleMinutes)) return;
    log.info(
      { event: 'console.idle_ended', userId: caller.userId, sessionId: caller.sessionId },
      'security event',
    );
    throw unauthorized(STAFF_MSG.idleEnded);
  };
}
