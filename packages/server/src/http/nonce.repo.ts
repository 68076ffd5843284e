import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Request nonces in the database: the default store when no Redis is configured. */
export function createNonceRepo(db: Kysely<DB>) {
  return {
    /** Records a nonce until `ttlMs` from now; false when it is already held and unexpired. */
    async claim(nonce: string, ttlMs: number): Promise<boolean> {
      const expires = new Date(Date.now() + ttlMs);
      const result = await db
        .insertInto('request_nonces')
        .values({ nonce, expires_at: expires })
        .onConflict((oc) =>
          oc
            .column('nonce')
            .doUpdateSet({ expires_at: expires })
            .where('request_nonces.expires_at', '<', sql<Date>`now()`),
        )
        .returning('nonce')
        .executeTakeFirst();
      return result !== undefined;
    },

    async deleteExpired(): Promise<number> {
      const result = await db
        .deleteFrom('request_nonces')
        .where('expires_at', '<', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
