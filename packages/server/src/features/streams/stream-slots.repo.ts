import { type Kysely, sql } from 'kysely';
import { lockKey } from '../../db/locks';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/executor';

/** The devices streaming on each account, in PostgreSQL or PGlite (migration 0023). */
export function createStreamSlotsRepo(db: Kysely<DB>) {
  return {
    /**
     * Takes or refreshes the login's place among the user's streams; false, changing nothing,
     * when `limit` other logins hold a place that beat within `windowSeconds`. One account's
     * claims run one after another (an advisory lock on the user), on every server.
     */
    async claim(
      slot: { userId: string; sessionId: string; workId: string },
      limit: number,
      windowSeconds: number,
    ): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await lockKey('stream-slots', slot.userId, trx);
        await trx
          .deleteFrom('stream_slots')
          .where('user_id', '=', slot.userId)
          .where('beat_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
          .execute();
        const held = await trx
          .selectFrom('stream_slots')
          .select('session_id')
          .where('user_id', '=', slot.userId)
          .execute();
        const mine = held.some((row) => row.session_id === slot.sessionId);
        if (!mine && held.length >= limit) return false;
        await trx
          .insertInto('stream_slots')
          .values({ user_id: slot.userId, session_id: slot.sessionId, work_id: slot.workId })
          .onConflict((oc) =>
            oc.columns(['user_id', 'session_id']).doUpdateSet({ work_id: slot.workId, beat_at: sql`now()` }),
          )
          .execute();
        return true;
      });
    },

    async release(userId: string, sessionId: string): Promise<void> {
      await db
        .deleteFrom('stream_slots')
        .where('user_id', '=', userId)
        .where('session_id', '=', sessionId)
        .execute();
    },

    /** Logins streaming now, on every account. */
    async active(windowSeconds: number): Promise<number> {
      const row = await db
        .selectFrom('stream_slots')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('beat_at', '>=', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Forgets places nobody has beaten for a while. */
    async sweep(windowSeconds: number): Promise<void> {
      await db
        .deleteFrom('stream_slots')
        .where('beat_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
        .execute();
    },
  };
}
