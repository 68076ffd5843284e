import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Request nonces in the database (the `request_nonces` table). */
export function createNonceRepo(db: Kysely<DB>) {
  return {
    /** Records a nonce until `expiresAt`; false when it is already held and unexpired. */
    async claim(nonce: string, expiresAt: Date): Promise<boolean> {
      const result = await db
        .insertInto('request_nonces')
        .values({ nonce, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .column('nonce')
            .doUpdateSet({ expires_at: expiresAt })
            .where('request_nonces.expires_at', '<', sql<Date>`now()`),
        )
        .returning('nonce')
        .executeTakeFirst();
      return result !== undefined;
    },

    /** Nonces still held, to pick up where the last run stopped. */
    async listUnexpired(): Promise<Array<{ nonce: string; expiresAt: Date }>> {
      const rows = await db
        .selectFrom('request_nonces')
        .select(['nonce', 'expires_at'])
        .where('expires_at', '>=', sql<Date>`now()`)
        .execute();
      return rows.map((r) => ({ nonce: r.nonce, expiresAt: new Date(r.expires_at) }));
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

export type NonceRepo = ReturnType<typeof createNonceRepo>;
