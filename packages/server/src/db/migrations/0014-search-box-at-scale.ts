import { type Kysely, sql } from 'kysely';

/** The entity tables whose names the search box matches (migration 0012). */
const TABLES = ['performers', 'makers', 'labels', 'series', 'directors', 'items', 'tags'] as const;

const NUMBER = sql`upper(regexp_replace(number, '[^A-Za-z0-9]', '', 'g')) text_pattern_ops`;
const TITLE = sql`lower(title) text_pattern_ops`;

/**
 * The search box at a million works (issue 17, docs/benchmarks.md). Expressions as in
 * suggest.repo.ts and entity-search.repo.ts.
 *
 * Suggestions: 0013's prefix indexes again with the id, the order's tie-break (the demo titles
 * repeat: one title prefix was 863 works' whole title, all read to sort them by id), and behind
 * the channel, so a channel tab does not walk another channel's works (`YK` in the western tab
 * read all 600,000 censored numbers to find none: 2.5 s).
 *
 * Names: the lower-cased name's and Chinese name's characters and pairs of characters, so a
 * keyword of 1–2 characters, which trigrams cannot serve, finds the few names holding it without
 * reading the table; and the planner, from these arrays' statistics, walks the count index
 * instead when the keyword is in many names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX works_number_prefix`.execute(db);
  await sql`DROP INDEX works_title_prefix`.execute(db);
  await sql`CREATE INDEX works_number_prefix_id ON works (${NUMBER}, id) WHERE NOT hidden`.execute(db);
  await sql`CREATE INDEX works_title_prefix_id ON works (${TITLE}, id) WHERE NOT hidden`.execute(db);
  await sql`CREATE INDEX works_channel_number_prefix ON works (channel, ${NUMBER}, id) WHERE NOT hidden`.execute(
    db,
  );
  await sql`CREATE INDEX works_channel_title_prefix ON works (channel, ${TITLE}, id) WHERE NOT hidden`.execute(
    db,
  );

  await sql`CREATE FUNCTION name_grams(name text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT substr(name, i, n)), '{}')
    FROM generate_series(1, length(name)) AS i, (VALUES (1), (2)) AS gram(n)
    WHERE i + n - 1 <= length(name)
  $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `CREATE INDEX ${table}_name_grams ON ${table} USING gin ` +
          `((name_grams(lower(name)) || name_grams(lower(coalesce(name_cn, '')))))`,
      )
      .execute(db);
  }
  // The planner's choice above needs the arrays' statistics now, not at the next autovacuum.
  await sql.raw(`ANALYZE ${TABLES.join(', ')}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`DROP INDEX IF EXISTS ${table}_name_grams`).execute(db);
  await sql`DROP FUNCTION IF EXISTS name_grams(text)`.execute(db);
  for (const index of [
    'number_prefix_id',
    'title_prefix_id',
    'channel_number_prefix',
    'channel_title_prefix',
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS works_${index}`).execute(db);
  }
  await sql`CREATE INDEX works_number_prefix ON works (${NUMBER}) WHERE NOT hidden`.execute(db);
  await sql`CREATE INDEX works_title_prefix ON works (${TITLE}) WHERE NOT hidden`.execute(db);
}
