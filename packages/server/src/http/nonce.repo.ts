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

    /**
     * Copies of claims Redis decided (decision 080), in one statement: a row already held is
     * kept, an expired one takes the new expiry.
     */
    async recordAll(claims: ReadonlyArray<{ nonce: string; expiresAt: number }>): Promise<void> {
      if (claims.length === 0) return;
      const nonces = claims.map((c) => c.nonce);
      const expiries = claims.map((c) => new Date(c.expiresAt).toISOString());
      await sql`INSERT INTO request_nonces (nonce, expires_at)
        SELECT DISTINCT ON (nonce) nonce, expires_at
          FROM unnest(${nonces}::text[], ${expiries}::timestamptz[]) AS given (nonce, expires_at)
          ORDER BY nonce, expires_at DESC
        ON CONFLICT (nonce) DO UPDATE SET expires_at = excluded.expires_at
          WHERE request_nonces.expires_at < excluded.expires_at`.execute(db);
    },

    /** Every server claims in the database for `holdMs` from now, by the database's clock. */
    async raiseFallback(holdMs: number): Promise<void> {
      const until = sql<Date>`now() + ${holdMs} * interval '1 millisecond'`;
      await db
        .insertInto('nonce_fallback')
        .values({ until })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ until: sql<Date>`GREATEST(nonce_fallback.until, excluded.until)` }),
        )
        .execute();
    },

    /** Whether some server raised the fallback and its time has not run out. */
    async fallbackRaised(): Promise<boolean> {
      const row = await db
        .selectFrom('nonce_fallback')
        .select(sql<boolean>`until > now()`.as('raised'))
        .executeTakeFirst();
      return row?.raised === true;
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
