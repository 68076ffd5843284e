import { type Kysely, sql } from 'kysely';

/**
 * The kinds whose names the search box matches, their tables, and the channels each has a list
 * page in (SPEC §2; entity-search.repo.ts's LISTED_CHANNELS): only those channels get rows.
 * Performers have one row per channel, from that channel's count column.
 */
const KINDS = [
  { kind: 'performer', table: 'performers', channels: [1, 2] },
  { kind: 'maker', table: 'makers', channels: [1, 2, 3] },
  { kind: 'tag', table: 'tags', channels: [1, 2, 3] },
  { kind: 'label', table: 'labels', channels: [1] },
  { kind: 'series', table: 'series', channels: [1] },
  { kind: 'director', table: 'directors', channels: [1] },
  { kind: 'item', table: 'items', channels: [1] },
] as const;

/** The lower-cased name and Chinese name, a line apart, of a row with `name` and `name_cn`. */
const FOLDED = `lower(name) || E'\\n' || lower(coalesce(name_cn, ''))`;
/** Its characters and pairs of characters (with repeats), by migration 0014's `name_grams`. */
const GRAMS = `name_grams(lower(name)) || name_grams(lower(coalesce(name_cn, '')))`;

/**
 * Every entity name the search box matches, in one place (issue 17, docs/benchmarks.md): a
 * keyword's performers, makers, series… were seven statements of up to seven parts each, and
 * planning them cost more than running them (≈ 12 ms of database time a search at a million
 * works). Now one statement over two tables kept by triggers:
 *
 * - `entity_names`: one row per entity and channel it has a list page in, with that channel's
 *   count of visible works and `folded` (the lower-cased name and Chinese name, a line apart),
 *   which the trigrams index for keywords of 3+ characters and the popular names carry in their
 *   index for a filter without reading the table.
 * - `entity_name_grams`: each row's characters and pairs of characters with the count, in count
 *   order per kind, channel and gram: a keyword of 1–2 characters is a gram, and its best names
 *   in a channel are the first few entries of one index range, however many names hold it
 *   (a solar-term pair such as 雨水 is in 3,700 performers' names, all sorted before).
 *
 * The entity tables' statement triggers keep both on every insert, rename, count change and delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  // Filling both tables at a million works takes longer than the pool's 10 s statement timeout.
  // For this migration's transaction only.
  await run(`SET LOCAL statement_timeout = 0`);
  await run(`CREATE TABLE entity_names (
    kind text NOT NULL,
    id bigint NOT NULL,
    channel smallint NOT NULL,
    name text NOT NULL,
    name_cn text,
    count integer NOT NULL,
    folded text NOT NULL,
    PRIMARY KEY (kind, id, channel))`);
  await run(`CREATE TABLE entity_name_grams (
    kind text NOT NULL,
    id bigint NOT NULL,
    channel smallint NOT NULL,
    gram text NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (kind, id, channel, gram),
    FOREIGN KEY (kind, id, channel) REFERENCES entity_names ON DELETE CASCADE)`);

  // Statement triggers over transition tables, as migration 0007's counters: an import moves
  // the counts of hundreds of entities in one UPDATE, and these follow in a few set statements.
  // TG_ARGV: the kind, then the channels it is listed in ('{1,2,3}'). Performers' rows are
  // per channel, from that channel's count column; the other tables have one channel each.
  for (const shape of ['performer', 'channel'] as const) {
    const rowsOf = (table: string) =>
      shape === 'performer'
        ? `(SELECT id, 1::smallint AS channel, name, name_cn, censored_count AS count FROM ${table}
            UNION ALL SELECT id, 2::smallint, name, name_cn, uncensored_count FROM ${table})`
        : `(SELECT id, channel, name, name_cn, work_count AS count FROM ${table}
            WHERE channel = ANY (TG_ARGV[1]::smallint[]))`;
    const add = (where: string) => `
      INSERT INTO entity_names (kind, id, channel, name, name_cn, count, folded)
        SELECT TG_ARGV[0], id, channel, name, name_cn, count, ${FOLDED}
        FROM ${rowsOf('new_rows')} AS e WHERE ${where};
      INSERT INTO entity_name_grams (kind, id, channel, gram, count)
        SELECT DISTINCT TG_ARGV[0], id, channel, g, count
        FROM ${rowsOf('new_rows')} AS e, unnest(${GRAMS}) AS g WHERE ${where};`;
    await run(`CREATE FUNCTION entity_names_insert_${shape}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${add('true')}
        RETURN NULL;
      END $$`);
    // A rename (beyond letter case) or a move to another channel: the entity's rows again.
    // Otherwise the counts (and a name's letter case) in place, then the grams of the rows
    // whose count moved. The transition tables have no statistics: the planner hashed all of
    // entity_names to join 1,000 performers (150 ms), where each changed row is a few index
    // probes; so joins here go by key only.
    const keyJoinsOnly = `SET enable_hashjoin = off SET enable_mergejoin = off`;
    const named = `id, lower(name), lower(coalesce(name_cn, ''))${shape === 'performer' ? '' : ', channel'}`;
    await run(`CREATE FUNCTION entity_names_update_${shape}() RETURNS trigger LANGUAGE plpgsql ${keyJoinsOnly} AS $$
      DECLARE
        renamed bigint[];
        recounted_ids bigint[];
        recounted_channels smallint[];
        recounted_counts integer[];
      BEGIN
        SELECT coalesce(array_agg(id), '{}') INTO renamed
        FROM (SELECT ${named} FROM new_rows EXCEPT SELECT ${named} FROM old_rows) AS r;
        IF renamed <> '{}' THEN
          DELETE FROM entity_names WHERE kind = TG_ARGV[0] AND id = ANY (renamed);
          ${add('e.id = ANY (renamed)')}
        END IF;
        WITH recounted AS (
          UPDATE entity_names t SET name = e.name, name_cn = e.name_cn, count = e.count
          FROM ${rowsOf('new_rows')} AS e
          WHERE t.kind = TG_ARGV[0] AND t.id = e.id AND t.channel = e.channel
            AND NOT e.id = ANY (renamed)
            AND (t.name, t.name_cn, t.count) IS DISTINCT FROM (e.name, e.name_cn, e.count)
          RETURNING t.id, t.channel, t.count)
        SELECT array_agg(id), array_agg(channel), array_agg(count)
          INTO recounted_ids, recounted_channels, recounted_counts
        FROM recounted;
        IF recounted_ids IS NOT NULL THEN
          UPDATE entity_name_grams t SET count = c.count
          FROM unnest(recounted_ids, recounted_channels, recounted_counts) AS c (id, channel, count)
          WHERE t.kind = TG_ARGV[0] AND t.id = c.id AND t.channel = c.channel AND t.count <> c.count;
        END IF;
        RETURN NULL;
      END $$`);
  }
  await run(`CREATE FUNCTION entity_names_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM entity_names WHERE kind = TG_ARGV[0] AND id IN (SELECT id FROM old_rows);
      RETURN NULL;
    END $$`);

  for (const { kind, table, channels } of KINDS) {
    const shape = kind === 'performer' ? 'performer' : 'channel';
    const args = `'${kind}', '{${channels.join(',')}}'`;
    await run(`CREATE TRIGGER ${table}_names_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION entity_names_insert_${shape}(${args})`);
    await run(`CREATE TRIGGER ${table}_names_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION entity_names_update_${shape}(${args})`);
    await run(`CREATE TRIGGER ${table}_names_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION entity_names_delete(${args})`);
    const rows =
      kind === 'performer'
        ? `SELECT id, 1, name, name_cn, censored_count FROM performers
           UNION ALL SELECT id, 2, name, name_cn, uncensored_count FROM performers`
        : `SELECT id, channel, name, name_cn, work_count FROM ${table} WHERE channel IN (${channels.join(', ')})`;
    await run(`INSERT INTO entity_names (kind, id, channel, name, name_cn, count, folded)
      SELECT '${kind}', id, channel, name, name_cn, count, ${FOLDED}
      FROM (${rows}) AS e (id, channel, name, name_cn, count)`);
  }
  await run(`INSERT INTO entity_name_grams (kind, id, channel, gram, count)
    SELECT DISTINCT kind, id, channel, g, count FROM entity_names, unnest(${GRAMS}) AS g`);

  // The popular names of a kind and channel, with what the keyword filter needs (index-only).
  await run(`CREATE INDEX entity_names_rank ON entity_names (kind, channel, count DESC, id)
    INCLUDE (folded, name, name_cn) WHERE count > 0`);
  await run(
    `CREATE INDEX entity_names_folded_trgm ON entity_names USING gin (folded gin_trgm_ops) WHERE count > 0`,
  );
  await run(`CREATE INDEX entity_names_exact ON entity_names (lower(name)) WHERE count > 0`);
  await run(`CREATE INDEX entity_names_exact_cn ON entity_names (lower(name_cn)) WHERE count > 0`);
  await run(`CREATE INDEX entity_name_grams_rank ON entity_name_grams (kind, channel, gram, count DESC, id)
    WHERE count > 0`);
  await run(`ANALYZE entity_names, entity_name_grams`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of KINDS) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_names_${event} ON ${table}`).execute(db);
    }
  }
  for (const fn of ['insert_performer', 'insert_channel', 'update_performer', 'update_channel', 'delete']) {
    await sql.raw(`DROP FUNCTION IF EXISTS entity_names_${fn}()`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS entity_name_grams`.execute(db);
  await sql`DROP TABLE IF EXISTS entity_names`.execute(db);
}
