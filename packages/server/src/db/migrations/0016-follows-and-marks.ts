import { type Kysely, sql } from 'kysely';

/**
 * Follows, the feed of followed entities' works, and 想看 / 看过 marks (issue 17, decision 045).
 *
 * - `follows`: a member's followed performers, makers, series and directors, at most
 *   FOLLOW_LIMITS.followsPerMember each, newest first off the primary key's companion index.
 * - `work_marks`: at most one mark per member and work (1 想看, 2 看过); a member's list of one
 *   mark reads newest first off (user_id, mark, marked_at DESC, work_id DESC).
 * - `member_tallies`: per member, counts kept on write (follows, 想看, 看过: the lists' totals
 *   and the follow cap never count rows) and the feed's top (pub_date, work_id) at the last visit,
 *   which the 我的 badge counts newer works above. Writes of one member lock its row, so parallel
 *   follows cannot pass the cap nor double a count.
 *
 * The feed itself needs no new index on the link tables: it merges per-entity, per-channel
 * ordered reads of migration 0007's `<link>_latest (entity_id, channel, pub_date DESC,
 * work_id DESC) WHERE NOT hidden`, with the channels an entity has works in taken from
 * `entity_work_counts`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  await run(`CREATE TABLE follows (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('performer', 'maker', 'series', 'director')),
    entity_id bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, kind, entity_id))`);
  await run(`CREATE INDEX follows_newest ON follows (user_id, created_at DESC, kind, entity_id)`);

  await run(`CREATE TABLE work_marks (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    work_id bigint NOT NULL REFERENCES works (id) ON DELETE CASCADE,
    mark smallint NOT NULL CHECK (mark IN (1, 2)),
    marked_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, work_id))`);
  await run(`CREATE INDEX work_marks_newest ON work_marks (user_id, mark, marked_at DESC, work_id DESC)`);
  await run(`CREATE INDEX work_marks_work ON work_marks (work_id)`);

  await run(`CREATE TABLE member_tallies (
    user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    follows integer NOT NULL DEFAULT 0,
    wants integer NOT NULL DEFAULT 0,
    watched integer NOT NULL DEFAULT 0,
    feed_seen_pub_date date,
    feed_seen_work_id bigint)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS member_tallies`.execute(db);
  await sql`DROP TABLE IF EXISTS work_marks`.execute(db);
  await sql`DROP TABLE IF EXISTS follows`.execute(db);
}
