import { type Kysely, sql } from 'kysely';

/** Entity tables with one channel each, and the kind their totals are kept under. */
const CHANNEL_KINDS = [
  ['makers', 'maker'],
  ['labels', 'label'],
  ['series', 'series'],
  ['directors', 'director'],
  ['items', 'item'],
] as const;

/**
 * Two totals that lists and sidebars asked for on every page (issue 18, docs/benchmarks.md):
 *
 * - `catalogue_channel_counts`: visible works per channel, with and without magnets. A list's
 *   total was the sum of the channel's day counters (migration 0007), thousands of rows a
 *   request at a million works (1.7 ms, the largest cost of the latest list). Statement
 *   triggers on the day counters add each statement's change to its channel, so every write
 *   path that moves the day counters moves these too.
 * - `entity_kind_counts`: entities of a kind with works in a channel (a sidebar's total, which
 *   was a count of 60–90k index entries a page for performers). Statement triggers on the
 *   entity tables add the entities that gained their first work and take away those that lost
 *   their last; counts moving between positive values touch no total.
 * - The performers' uncensored-count index carries the other channels' counts (below).
 *
 * Both are taken last in a write, after the rows they sum, in channel order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  await run(`SET LOCAL statement_timeout = 0`);

  await run(`CREATE TABLE catalogue_channel_counts (
    channel smallint PRIMARY KEY,
    works integer NOT NULL DEFAULT 0, with_magnet integer NOT NULL DEFAULT 0)`);
  const days = (rows: string, sign: string) =>
    `SELECT channel, ${sign}works AS works, ${sign}with_magnet AS with_magnet FROM ${rows}`;
  for (const [op, parts] of [
    ['insert', [days('new_rows', '')]],
    ['update', [days('new_rows', ''), days('old_rows', '-')]],
    ['delete', [days('old_rows', '-')]],
  ] as const) {
    await run(`CREATE FUNCTION catalogue_channel_count_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalogue_channel_counts AS c (channel, works, with_magnet)
        SELECT channel, sum(works), sum(with_magnet) FROM (${parts.join(' UNION ALL ')}) AS d
        GROUP BY channel HAVING sum(works) <> 0 OR sum(with_magnet) <> 0 ORDER BY channel
        ON CONFLICT (channel) DO UPDATE
          SET works = c.works + excluded.works, with_magnet = c.with_magnet + excluded.with_magnet;
        RETURN NULL;
      END $$`);
  }
  await run(`CREATE TRIGGER catalogue_day_counts_channel_insert AFTER INSERT ON catalogue_day_counts
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_channel_count_insert()`);
  await run(`CREATE TRIGGER catalogue_day_counts_channel_update AFTER UPDATE ON catalogue_day_counts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_channel_count_update()`);
  await run(`CREATE TRIGGER catalogue_day_counts_channel_delete AFTER DELETE ON catalogue_day_counts
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_channel_count_delete()`);
  await run(`INSERT INTO catalogue_channel_counts (channel, works, with_magnet)
    SELECT channel, sum(works), sum(with_magnet) FROM catalogue_day_counts GROUP BY channel`);

  await run(`CREATE TABLE entity_kind_counts (
    kind text NOT NULL, channel smallint NOT NULL, entities integer NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, channel))`);
  // TG_ARGV[0]: the kind. Performers have a count column per channel, the others one channel.
  const present = (rows: string, performer: boolean) =>
    performer
      ? `SELECT 1::smallint AS channel, count(*) FILTER (WHERE censored_count > 0) AS n FROM ${rows}
         UNION ALL SELECT 2, count(*) FILTER (WHERE uncensored_count > 0) FROM ${rows}
         UNION ALL SELECT 3, count(*) FILTER (WHERE western_count > 0) FROM ${rows}`
      : `SELECT channel, count(*) AS n FROM ${rows} WHERE work_count > 0 GROUP BY channel`;
  for (const shape of ['performer', 'channel'] as const) {
    const performer = shape === 'performer';
    for (const [op, parts] of [
      ['insert', [present('new_rows', performer)]],
      ['update', [present('new_rows', performer), negate(present('old_rows', performer))]],
      ['delete', [negate(present('old_rows', performer))]],
    ] as const) {
      await run(`CREATE FUNCTION entity_kind_count_${op}_${shape}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO entity_kind_counts AS c (kind, channel, entities)
          SELECT TG_ARGV[0], channel, sum(n) FROM (${parts.join(' UNION ALL ')}) AS d
          GROUP BY channel HAVING sum(n) <> 0 ORDER BY channel
          ON CONFLICT (kind, channel) DO UPDATE SET entities = c.entities + excluded.entities;
          RETURN NULL;
        END $$`);
    }
  }
  const tables = [['performers', 'performer'], ...CHANNEL_KINDS] as const;
  for (const [table, kind] of tables) {
    const shape = kind === 'performer' ? 'performer' : 'channel';
    await run(`CREATE TRIGGER ${table}_kind_count_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION entity_kind_count_insert_${shape}('${kind}')`);
    await run(`CREATE TRIGGER ${table}_kind_count_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION entity_kind_count_update_${shape}('${kind}')`);
    await run(`CREATE TRIGGER ${table}_kind_count_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION entity_kind_count_delete_${shape}('${kind}')`);
    await run(`INSERT INTO entity_kind_counts (kind, channel, entities)
      SELECT '${kind}', channel, sum(n) FROM (${present(table, kind === 'performer')}) AS d
      GROUP BY channel HAVING sum(n) <> 0`);
  }
  // The censored and western performer lists sorted by uncensored works (`sort=uncensoredCount`)
  // filter on their own channel's count: carried in the index, so a page skips index entries
  // only, as in the lists' own order, not a performers row each.
  await run(`CREATE INDEX performers_by_uncensored_count_with_others ON performers
    (uncensored_count DESC, id) INCLUDE (censored_count, western_count)`);
  await run(`DROP INDEX performers_by_uncensored_count`);
  await run(`ANALYZE catalogue_channel_counts, entity_kind_counts`);
}

/** The same per-channel counts, taken away. */
function negate(select: string): string {
  return `SELECT channel, -n AS n FROM (${select}) AS o`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  for (const table of ['performers', ...CHANNEL_KINDS.map(([t]) => t)]) {
    for (const op of ['insert', 'update', 'delete'])
      await run(`DROP TRIGGER IF EXISTS ${table}_kind_count_${op} ON ${table}`);
  }
  for (const op of ['insert', 'update', 'delete']) {
    for (const shape of ['performer', 'channel'])
      await run(`DROP FUNCTION IF EXISTS entity_kind_count_${op}_${shape}()`);
  }
  for (const op of ['insert', 'update', 'delete']) {
    await run(`DROP TRIGGER IF EXISTS catalogue_day_counts_channel_${op} ON catalogue_day_counts`);
    await run(`DROP FUNCTION IF EXISTS catalogue_channel_count_${op}()`);
  }
  await run(`DROP TABLE IF EXISTS catalogue_channel_counts, entity_kind_counts`);
  await run(
    `CREATE INDEX IF NOT EXISTS performers_by_uncensored_count ON performers (uncensored_count DESC, id)`,
  );
  await run(`DROP INDEX IF EXISTS performers_by_uncensored_count_with_others`);
}
