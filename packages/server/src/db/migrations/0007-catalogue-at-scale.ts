import { type Kysely, sql } from 'kysely';

/** Link tables and the kind their counts are kept under. */
const LINKS = [
  ['work_makers', 'maker'],
  ['work_labels', 'label'],
  ['work_series', 'series'],
  ['work_directors', 'director'],
  ['work_items', 'item'],
  ['work_performers', 'performer'],
  ['work_tags', 'tag'],
] as const;

const RANKED = ['collect_count', 'average', 'evaluates'] as const;

/** `works = works + excluded.works, …`: how a counter row takes a delta. */
const ADD_DELTA = `works = c.works + excluded.works, with_magnet = c.with_magnet + excluded.with_magnet`;

/**
 * Catalogue reads at a million works (decision 016):
 * - link tables carry copies of the work's `has_magnet` and `hidden`, so an entity's newest
 *   works, with or without magnets, and their count come from one partial index, index-only;
 * - ranking indexes end in the list's own tie-break (pub_date, id) and leave hidden works out;
 * - counter tables answer totals that a count(*) could not: visible works per channel and day,
 *   per entity and channel, per title gram (1–2 characters) and channel, each with and without
 *   magnets. Statement triggers with transition tables keep them (and the link copies) in step
 *   with every write, whatever path it takes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };

  for (const [link] of LINKS) {
    await run(`ALTER TABLE ${link} ADD COLUMN has_magnet boolean NOT NULL DEFAULT false,
      ADD COLUMN hidden boolean NOT NULL DEFAULT false`);
    await run(`UPDATE ${link} l SET has_magnet = w.has_magnet, hidden = w.hidden
      FROM works w WHERE w.id = l.work_id AND (w.has_magnet OR w.hidden)`);
    await run(`DROP INDEX ${link}_latest`);
    // Channel second: a performer's links span channels, and a list is always of one channel.
    await run(`CREATE INDEX ${link}_latest ON ${link} (entity_id, channel, pub_date DESC, work_id DESC)
      INCLUDE (has_magnet) WHERE NOT hidden`);
  }
  // A tag's links are all in the tag's own channel, so the index above serves channel lists.
  await run(`DROP INDEX work_tags_channel_latest`);

  for (const column of RANKED) {
    await run(`DROP INDEX works_channel_${column}`);
    await run(`CREATE INDEX works_channel_${column} ON works (channel, ${column} DESC, pub_date DESC, id DESC)
      INCLUDE (has_magnet) WHERE NOT hidden`);
  }

  await run(`CREATE TABLE catalogue_day_counts (
    channel smallint NOT NULL, pub_date date NOT NULL,
    works integer NOT NULL DEFAULT 0, with_magnet integer NOT NULL DEFAULT 0,
    PRIMARY KEY (channel, pub_date))`);
  await run(`CREATE TABLE entity_work_counts (
    kind text NOT NULL, entity_id bigint NOT NULL, channel smallint NOT NULL,
    works integer NOT NULL DEFAULT 0, with_magnet integer NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, entity_id, channel))`);
  await run(`CREATE TABLE title_gram_counts (
    gram text NOT NULL, channel smallint NOT NULL,
    works integer NOT NULL DEFAULT 0, with_magnet integer NOT NULL DEFAULT 0,
    PRIMARY KEY (gram, channel))`);

  await createWorkTriggers(run);
  await createLinkTriggers(run);
  await recount(run);
}

/**
 * Counting a set of works rows `rel` (with `n` = +1 or −1 each) into the day and gram counters.
 * Keys are upserted in order, so two writers lock counter rows in the same order.
 */
function countWorks(rel: string): string {
  return `
    INSERT INTO catalogue_day_counts AS c (channel, pub_date, works, with_magnet)
    SELECT channel, pub_date, sum(n), coalesce(sum(n) FILTER (WHERE has_magnet), 0)
    FROM ${rel} d GROUP BY channel, pub_date ORDER BY channel, pub_date
    ON CONFLICT (channel, pub_date) DO UPDATE SET ${ADD_DELTA};
    INSERT INTO title_gram_counts AS c (gram, channel, works, with_magnet)
    SELECT g, channel, sum(n), coalesce(sum(n) FILTER (WHERE has_magnet), 0)
    FROM ${rel} d, unnest(d.title_grams) g GROUP BY g, channel ORDER BY g, channel
    ON CONFLICT (gram, channel) DO UPDATE SET ${ADD_DELTA};`;
}

async function createWorkTriggers(run: (statement: string) => Promise<void>) {
  const counted = `channel, pub_date, has_magnet, title_grams`;
  await run(`CREATE FUNCTION works_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${countWorks(`(SELECT ${counted}, 1 AS n FROM new_works WHERE NOT hidden)`)}
      RETURN NULL;
    END $$`);
  await run(`CREATE FUNCTION works_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${countWorks(`(SELECT ${counted}, -1 AS n FROM old_works WHERE NOT hidden)`)}
      RETURN NULL;
    END $$`);
  // Most updates (likes, collects, ratings, re-imports of unchanged works) change nothing that
  // is counted: they stop after one look at the transition tables.
  const pairs = `old_works o JOIN new_works w USING (id)`;
  const changed = `(o.channel, o.pub_date, o.has_magnet, o.title_grams, o.hidden)
    IS DISTINCT FROM (w.channel, w.pub_date, w.has_magnet, w.title_grams, w.hidden)`;
  const moves = `(
    SELECT o.channel, o.pub_date, o.has_magnet, o.title_grams, -1 AS n FROM ${pairs}
    WHERE NOT o.hidden AND ${changed}
    UNION ALL
    SELECT w.channel, w.pub_date, w.has_magnet, w.title_grams, 1 FROM ${pairs}
    WHERE NOT w.hidden AND ${changed})`;
  const links = LINKS.map(
    ([link]) => `UPDATE ${link} l SET has_magnet = w.has_magnet, hidden = w.hidden
      FROM new_works w WHERE w.id = ANY(flagged) AND l.work_id = w.id
        AND (l.has_magnet, l.hidden) IS DISTINCT FROM (w.has_magnet, w.hidden);`,
  );
  await run(`CREATE FUNCTION works_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE flagged bigint[];
    BEGIN
      IF EXISTS (SELECT 1 FROM ${pairs} WHERE ${changed}) THEN
        ${countWorks(moves)}
      END IF;
      -- The link tables' copies follow the work (the link triggers then move entity counts).
      SELECT array_agg(w.id) INTO flagged FROM ${pairs}
      WHERE (o.has_magnet, o.hidden) IS DISTINCT FROM (w.has_magnet, w.hidden);
      IF flagged IS NOT NULL THEN
        ${links.join('\n        ')}
      END IF;
      RETURN NULL;
    END $$`);
  const trigger = (name: string, event: string, tables: string, fn: string) =>
    run(`CREATE TRIGGER ${name} AFTER ${event} ON works REFERENCING ${tables}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
  await trigger('works_count_insert', 'INSERT', 'NEW TABLE AS new_works', 'works_count_insert');
  await trigger(
    'works_count_update',
    'UPDATE',
    'OLD TABLE AS old_works NEW TABLE AS new_works',
    'works_count_update',
  );
  await trigger('works_count_delete', 'DELETE', 'OLD TABLE AS old_works', 'works_count_delete');
}

/** `rel`'s links (with `n` = +1 or −1 each) into the entity counters, under the trigger's kind. */
function countLinks(rel: string): string {
  return `
    INSERT INTO entity_work_counts AS c (kind, entity_id, channel, works, with_magnet)
    SELECT TG_ARGV[0], entity_id, channel, sum(n), coalesce(sum(n) FILTER (WHERE has_magnet), 0)
    FROM ${rel} d GROUP BY entity_id, channel ORDER BY entity_id, channel
    ON CONFLICT (kind, entity_id, channel) DO UPDATE SET ${ADD_DELTA};`;
}

async function createLinkTriggers(run: (statement: string) => Promise<void>) {
  const moved = `(o.entity_id, o.channel, o.has_magnet, o.hidden)
    IS DISTINCT FROM (l.entity_id, l.channel, l.has_magnet, l.hidden)`;
  await run(`CREATE FUNCTION links_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${countLinks(`(SELECT entity_id, channel, has_magnet, 1 AS n FROM new_links WHERE NOT hidden)`)}
      RETURN NULL;
    END $$`);
  await run(`CREATE FUNCTION links_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${countLinks(`(SELECT entity_id, channel, has_magnet, -1 AS n FROM old_links WHERE NOT hidden)`)}
      RETURN NULL;
    END $$`);
  // Links are keyed by (entity_id, work_id); an update that changes the key is seen as both.
  await run(`CREATE FUNCTION links_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${countLinks(`(
        SELECT o.entity_id, o.channel, o.has_magnet, -1 AS n FROM old_links o
        LEFT JOIN new_links l USING (work_id, entity_id)
        WHERE NOT o.hidden AND (l.work_id IS NULL OR ${moved})
        UNION ALL
        SELECT l.entity_id, l.channel, l.has_magnet, 1 FROM new_links l
        LEFT JOIN old_links o USING (work_id, entity_id)
        WHERE NOT l.hidden AND (o.work_id IS NULL OR ${moved}))`)}
      RETURN NULL;
    END $$`);
  for (const [link, kind] of LINKS) {
    const trigger = (event: string, tables: string, fn: string) =>
      run(`CREATE TRIGGER ${link}_count_${event.toLowerCase()} AFTER ${event} ON ${link}
        REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('${kind}')`);
    await trigger('INSERT', 'NEW TABLE AS new_links', 'links_count_insert');
    await trigger('UPDATE', 'OLD TABLE AS old_links NEW TABLE AS new_links', 'links_count_update');
    await trigger('DELETE', 'OLD TABLE AS old_links', 'links_count_delete');
  }
}

/** Fills the counters from the rows already stored (this migration's own copy, never changed). */
async function recount(run: (statement: string) => Promise<void>) {
  await run(`INSERT INTO catalogue_day_counts (channel, pub_date, works, with_magnet)
    SELECT channel, pub_date, count(*), count(*) FILTER (WHERE has_magnet)
    FROM works WHERE NOT hidden GROUP BY channel, pub_date`);
  for (const [link, kind] of LINKS) {
    await run(`INSERT INTO entity_work_counts (kind, entity_id, channel, works, with_magnet)
      SELECT '${kind}', entity_id, channel, count(*), count(*) FILTER (WHERE has_magnet)
      FROM ${link} WHERE NOT hidden GROUP BY entity_id, channel`);
  }
  await run(`INSERT INTO title_gram_counts (gram, channel, works, with_magnet)
    SELECT g, channel, count(*), count(*) FILTER (WHERE has_magnet)
    FROM works, unnest(title_grams) g WHERE NOT hidden GROUP BY g, channel`);
  await run(`ANALYZE catalogue_day_counts, entity_work_counts, title_gram_counts`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  for (const [link] of LINKS) {
    for (const event of ['insert', 'update', 'delete'])
      await run(`DROP TRIGGER IF EXISTS ${link}_count_${event} ON ${link}`);
  }
  for (const event of ['insert', 'update', 'delete'])
    await run(`DROP TRIGGER IF EXISTS works_count_${event} ON works`);
  for (const fn of [
    'works_count_insert',
    'works_count_update',
    'works_count_delete',
    'links_count_insert',
    'links_count_update',
    'links_count_delete',
  ]) {
    await run(`DROP FUNCTION IF EXISTS ${fn}()`);
  }
  await run(`DROP TABLE IF EXISTS catalogue_day_counts, entity_work_counts, title_gram_counts`);
  for (const column of RANKED) {
    await run(`DROP INDEX IF EXISTS works_channel_${column}`);
    await run(`CREATE INDEX works_channel_${column} ON works (channel, ${column} DESC, id DESC)`);
  }
  await run(
    `CREATE INDEX work_tags_channel_latest ON work_tags (channel, entity_id, pub_date DESC, work_id DESC)`,
  );
  for (const [link] of LINKS) {
    await run(`DROP INDEX IF EXISTS ${link}_latest`);
    await run(`CREATE INDEX ${link}_latest ON ${link} (entity_id, pub_date DESC, work_id DESC)`);
    await run(`ALTER TABLE ${link} DROP COLUMN has_magnet, DROP COLUMN hidden`);
  }
}
