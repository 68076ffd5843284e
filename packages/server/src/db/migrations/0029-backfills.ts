import { type Kysely, sql } from 'kysely';

/**
 * The backfills migrations declare (decision 076): one row each, recorded by `npm run migrate`,
 * filled in batches by the servers' job, with how far it got and when it finished. A backfill's
 * row is locked for the length of one batch, so several servers never fill the same one at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE schema_backfills (
    name text PRIMARY KEY,
    migration text NOT NULL,
    rows_done bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE schema_backfills`.execute(db);
}
