import { type Kysely, sql } from 'kysely';

/**
 * The day counters read in key order, index-only (issue 18). A list's total within a date window
 * sums one row per day, and a deep page of a latest list finds the day it starts on by adding up
 * days from the newest (decision 016, "a deep page starts on its day"). Through the primary key
 * each day was a heap read of its own, the rows being stored in the order they were first
 * written; this index carries the two counts, so both read only the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX catalogue_day_counts_covering ON catalogue_day_counts (channel, pub_date)
    INCLUDE (works, with_magnet)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS catalogue_day_counts_covering`.execute(db);
}
