import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** When console logins were last used (login_sessions.console_seen_at). */
export function createConsoleSessionsRepo(db: Executor) {
  return {
    /**
     * Marks the login as using the console now, if it has not been idle past `idleMinutes`
     * since its last console call (or its start); otherwise ends it. Answers whether it goes on.
     */
    async touch(sessionId: string, idleMinutes: number): Promise<boolean> {
      const seen = await db
        .updateTable('login_sessions')
        .set({ console_seen_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where(
          sql<boolean>`COALESCE(console_seen_at, created_at) > now() - make_interval(mins => ${idleMinutes})`,
        )
        .returning('id')
        .executeTakeFirst();
      if (seen) return true;
      await db
        .updateTable('login_sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      return false;
    },
  };
}
