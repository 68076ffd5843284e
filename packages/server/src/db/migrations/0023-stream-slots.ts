import { type Kysely, sql } from 'kysely';

/**
 * The devices a VIP account streams on now (docs/decisions/055): one row per login that asked for
 * a stream or reported its position within the last minute. The stream call and each position
 * report take or refresh the row; a row older than the window is nobody's. Only sites without
 * Redis keep them here; with REDIS_URL they live in Redis.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE stream_slots (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_id uuid NOT NULL,
    work_id bigint NOT NULL,
    beat_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, session_id))`.execute(db);
  await sql`CREATE INDEX stream_slots_beat ON stream_slots (beat_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stream_slots`.execute(db);
}
