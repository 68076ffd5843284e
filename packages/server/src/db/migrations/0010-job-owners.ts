import { type Kysely, sql } from 'kysely';

/**
 * The PostgreSQL backend that holds the worker-id lease of the process running a console
 * import (db/worker-lease.ts): when that session is gone — the process crashed or was killed —
 * the job is orphaned at once and any server marks it failed, instead of after five minutes
 * without a heartbeat. Null on PGlite (one process) and for jobs from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE import_jobs ADD COLUMN owner_pid integer`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE import_jobs DROP COLUMN IF EXISTS owner_pid`).execute(db);
}
