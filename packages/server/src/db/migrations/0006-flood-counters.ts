import { type Kysely, sql } from 'kysely';

/**
 * Flood-limit counters (captcha, register, login per client address) for PostgreSQL without
 * Redis, so several servers count one address together (http/flood-limits.ts). Unlogged: a
 * counter lost in a crash only restarts a one-minute window, and the writes skip the WAL (and
 * so never reach a read replica, which has no use for them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE UNLOGGED TABLE flood_counters (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        resets_at timestamptz NOT NULL
      )`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX flood_counters_resets ON flood_counters (resets_at)`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TABLE IF EXISTS flood_counters`).execute(db);
}
