import { type Kysely, sql } from 'kysely';

/**
 * Works by the start of their number and of their title, in order, for the search box's
 * suggestions (issue 17): a typed prefix reads the first few that start with it off these
 * indexes, however many works share it. The number is compacted (upper-cased letters and digits
 * only, `YKJ263`), not the search's number key, which drops leading zeros and so cannot match a
 * number half typed (`YKJ-02`). Both expressions are spelled the same in suggest.repo.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX works_number_prefix ON works
    (upper(regexp_replace(number, '[^A-Za-z0-9]', '', 'g')) text_pattern_ops) WHERE NOT hidden`.execute(db);
  await sql`CREATE INDEX works_title_prefix ON works (lower(title) text_pattern_ops) WHERE NOT hidden`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS works_number_prefix`.execute(db);
  await sql`DROP INDEX IF EXISTS works_title_prefix`.execute(db);
}
