import { type Kysely, sql } from 'kysely';

/**
 * Walk indexes (decision 016, "Walking without the table"): a common keyword's page is found by
 * reading the newest works one by one and keeping those that match. With the match columns in
 * the index, that walk is an index-only scan; before, each work read was a table row fetched
 * (~2 µs each, a few thousand per search). One for every channel together, one led by the
 * channel for a channel tab. Only lists in date order walk these; rankings keep their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const include = 'INCLUDE (channel, has_magnet, number_key, search_text, title_grams)';
  await sql
    .raw(`CREATE INDEX works_walk ON works (pub_date DESC, id DESC) ${include} WHERE NOT hidden`)
    .execute(db);
  await sql
    .raw(
      `CREATE INDEX works_channel_walk ON works (channel, pub_date DESC, id DESC) ${include} WHERE NOT hidden`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP INDEX IF EXISTS works_walk, works_channel_walk`).execute(db);
}
