import { type Kysely, sql } from 'kysely';

/**
 * When Redis holds the nonces, the flag by which one server that lost Redis tells every server
 * to claim nonces in the database until `until` (docs/decisions/080): one row, raised (never
 * lowered) by `GREATEST`, read by each server twice a second. Logged, unlike the flood counters:
 * losing it in a crash would send servers back to Redis while a nonce only the database knows
 * could still be replayed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE nonce_fallback (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    until timestamptz NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE nonce_fallback`.execute(db);
}
