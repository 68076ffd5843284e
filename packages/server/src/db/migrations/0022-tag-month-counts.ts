import { type Kysely, sql } from 'kysely';

/**
 * Visible works per tag, channel and month of publication, with and without magnets (issue 18).
 *
 * A tag's list within a date window (30, 90 or 365 days) counted its links in the window off the
 * link index at every request: a busy tag of a million-work catalogue has 43k links in a year,
 * 15 ms of counting for a page of 20 (docs/benchmarks.md, round five). Tags are the one kind
 * whose entities each hold thousands of works; the others' windows hold few links, and counters
 * per month would have nearly as many rows as they have links.
 *
 * A window's total is now the months after the one its first day falls in, from these rows,
 * plus that first month's links from the first day on, counted off the index as before: at most
 * a month of links and a dozen counter rows, whatever the window.
 *
 * Statement triggers on `work_tags` keep them, as the entity counters (migration 0007), from the
 * links' own copies of the work's channel, day and flags. Rows are upserted in key order, taken
 * after the entity counters of the same statement, so two writers lock them in the same order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  await run(`SET LOCAL statement_timeout = 0`);

  await run(`CREATE TABLE tag_month_counts (
    tag_id bigint NOT NULL, channel smallint NOT NULL, month date NOT NULL,
    works integer NOT NULL DEFAULT 0, with_magnet integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tag_id, channel, month))`);

  // The first day of a link's month, without a time zone in between.
  const month = `pub_date - extract(day FROM pub_date)::int + 1`;
  const links = (rows: string, n: string) =>
    `SELECT entity_id, channel, ${month} AS month, has_magnet, ${n} AS n FROM ${rows} WHERE NOT hidden`;
  for (const [op, parts] of [
    ['insert', [links('new_links', '1')]],
    ['update', [links('new_links', '1'), links('old_links', '-1')]],
    ['delete', [links('old_links', '-1')]],
  ] as const) {
    await run(`CREATE FUNCTION tag_month_count_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO tag_month_counts AS c (tag_id, channel, month, works, with_magnet)
        SELECT entity_id, channel, month, sum(n), coalesce(sum(n) FILTER (WHERE has_magnet), 0)
        FROM (${parts.join(' UNION ALL ')}) AS d GROUP BY entity_id, channel, month
        HAVING sum(n) <> 0 OR coalesce(sum(n) FILTER (WHERE has_magnet), 0) <> 0
        ORDER BY entity_id, channel, month
        ON CONFLICT (tag_id, channel, month) DO UPDATE
          SET works = c.works + excluded.works, with_magnet = c.with_magnet + excluded.with_magnet;
        RETURN NULL;
      END $$`);
  }
  // Named after the entity counters' triggers (work_tags_count_*), so they run after them.
  await run(`CREATE TRIGGER work_tags_month_insert AFTER INSERT ON work_tags
    REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION tag_month_count_insert()`);
  await run(`CREATE TRIGGER work_tags_month_update AFTER UPDATE ON work_tags
    REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
    FOR EACH STATEMENT EXECUTE FUNCTION tag_month_count_update()`);
  await run(`CREATE TRIGGER work_tags_month_delete AFTER DELETE ON work_tags
    REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION tag_month_count_delete()`);

  await run(`INSERT INTO tag_month_counts (tag_id, channel, month, works, with_magnet)
    SELECT entity_id, channel, ${month}, count(*), count(*) FILTER (WHERE has_magnet)
    FROM work_tags WHERE NOT hidden GROUP BY 1, 2, 3`);
  await run(`ANALYZE tag_month_counts`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  for (const op of ['insert', 'update', 'delete']) {
    await run(`DROP TRIGGER IF EXISTS work_tags_month_${op} ON work_tags`);
    await run(`DROP FUNCTION IF EXISTS tag_month_count_${op}()`);
  }
  await run(`DROP TABLE IF EXISTS tag_month_counts`);
}
