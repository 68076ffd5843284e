import { REVIEW_LIMITS } from '@yingku/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, LinkTableName, PlainEntityTableName } from '../../db/schema';
import { type Executor, inTransaction } from '../../db/executor';
import { SITE_TIME_ZONE } from '../../lib/site-time';

/** Tables whose rows are found by a natural key and created on first sight. */
export type NamedTable = PlainEntityTableName | 'performers' | 'tag_groups' | 'tags';

type Column = readonly [name: string, pgType: string];

/** Columns from `'name type, name type'`: the shape `jsonb_to_recordset` declares. */
function defineColumns(spec: string): Column[] {
  return spec.split(', ').map((c) => {
    const space = c.indexOf(' ');
    return [c.slice(0, space), c.slice(space + 1)] as const;
  });
}

const CHANNEL_NAME = defineColumns('channel smallint, name text');
const CHANNEL_NUMBER = defineColumns('channel smallint, number text');
const NAME_CN = defineColumns('name_cn text');

/** Each named table's key (its unique constraint) and the other columns an import sets. */
const NAMED: Record<NamedTable, { key: readonly Column[]; extra: readonly Column[] }> = {
  makers: { key: CHANNEL_NAME, extra: NAME_CN },
  labels: { key: CHANNEL_NAME, extra: NAME_CN },
  series: { key: CHANNEL_NAME, extra: NAME_CN },
  directors: { key: CHANNEL_NAME, extra: NAME_CN },
  items: { key: CHANNEL_NAME, extra: NAME_CN },
  performers: { key: defineColumns('name text'), extra: NAME_CN },
  tag_groups: { key: CHANNEL_NAME, extra: [] },
  tags: {
    key: defineColumns('group_id bigint, name text'),
    extra: defineColumns('channel smallint, name_cn text'),
  },
};

/** A row for a named table, by column name (`channel`, `name`, `name_cn`, `group_id`). */
export type NamedRow = Record<string, string | number | null>;

/** The natural key of a named row as one string: its key columns joined by a tab. */
export function namedKey(table: NamedTable, row: NamedRow): string {
  return NAMED[table].key.map(([column]) => String(row[column])).join('\t');
}

export interface WorkRow {
  id: string;
  channel: number;
  number: string;
  number_key: string;
  title: string;
  pub_date: string;
  duration_min: number;
  pic_small: string;
  pic_big: string;
  mp4: string | null;
  image_small: string[];
  image_big: string[];
  is_online: number;
  /** The line's own figures; the combined average and evaluates follow (decision 044). */
  imported_average: number;
  imported_evaluates: number;
  search_text: string;
  title_grams: string[];
  /** Whether the line brings magnets (stored ones for the number key count too). */
  has_magnet: boolean;
}

const WORK_COLUMNS = defineColumns(
  'id bigint, channel smallint, number text, number_key text, title text, pub_date date, ' +
    'duration_min integer, pic_small text, pic_big text, mp4 text, image_small text[], ' +
    'image_big text[], is_online smallint, imported_average double precision, imported_evaluates integer, ' +
    'search_text text, title_grams text[]',
);
/** Columns an import may change on an existing work (not its key, id or user-driven counts). */
const WORK_UPDATABLE = WORK_COLUMNS.map(([c]) => c).filter((c) => !['id', 'channel', 'number'].includes(c));

const [LINK_WORK, LINK_ENTITY] = defineColumns('work_id bigint, entity_id bigint') as [Column, Column];
/** Copied from the work into every link (DESIGN.md, "Measured at a million works"). */
const LINK_PLACE = defineColumns('channel smallint, pub_date date');

export interface LinkRow {
  work_id: string;
  entity_id: string;
  channel: number;
  pub_date: string;
}

export interface MagnetRow {
  number: string;
  number_key: string;
  name: string;
  info_hash: string;
  length: number;
  /** `YYYY-MM-DD[ HH:mm[:ss]]` in Asia/Shanghai. */
  create_time: string;
  hd: boolean;
  subtitle: boolean;
}

const MAGNET_COLUMNS = defineColumns(
  'number text, number_key text, name text, info_hash text, length bigint, ' +
    'create_time timestamp, hd boolean, subtitle boolean',
);

/**
 * A whole batch as one parameter: `jsonb_to_recordset` turns a JSON array into typed rows, so a
 * batch of any size is one statement with one bound value (arrays of arrays included).
 */
function recordset(rows: readonly object[], columns: readonly Column[], alias = 'x'): RawBuilder<unknown> {
  const types = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS ${sql.raw(alias)}(${sql.raw(types)})`;
}

const list = (columns: readonly Column[], prefix = '') => columns.map(([c]) => `${prefix}${c}`).join(', ');

/**
 * The catalogue writer's SQL: set-based statements over whole batches. Pass a transaction as
 * `db` to write inside it (the service always does).
 */
export function createCatalogueWriteRepo(db: Kysely<DB>) {
  return {
    /** Runs `work` in one transaction: a run of lines written together, or not at all. */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),

    /**
     * Creates the named rows that do not exist yet (keeping existing ones as they are), fills in
     * a Chinese name that changed, and returns every row's id by {@link namedKey}, plus the ids
     * whose Chinese name changed.
     */
    async ensureNamed(table: NamedTable, rows: NamedRow[]) {
      const { key, extra } = NAMED[table];
      const columns = [...key, ...extra];
      const ids = new Map<string, string>();
      const renamed: string[] = [];
      if (rows.length === 0) return { ids, renamed };
      const source = recordset(rows, columns);
      // Two statements, not one CTE: the lookup then sees rows a concurrent import committed.
      await sql`
        INSERT INTO ${sql.table(table)} (${sql.raw(list(columns))})
        SELECT ${sql.raw(list(columns))} FROM ${source}
        ON CONFLICT (${sql.raw(list(key))}) DO NOTHING`.execute(db);
      if (extra.some(([c]) => c === 'name_cn') && rows.some((r) => r.name_cn !== null)) {
        const match = key.map(([c]) => `e.${c} = x.${c}`).join(' AND ');
        const updated = await sql<{ id: string }>`
          UPDATE ${sql.table(table)} e SET name_cn = x.name_cn FROM ${source}
          WHERE ${sql.raw(match)} AND x.name_cn IS NOT NULL AND e.name_cn IS DISTINCT FROM x.name_cn
          RETURNING e.id`.execute(db);
        renamed.push(...updated.rows.map((r) => r.id));
      }
      const found = await sql<NamedRow & { id: string }>`
        SELECT e.id, ${sql.raw(list(key, 'e.'))} FROM ${sql.table(table)} e
        JOIN ${recordset(rows, key)} USING (${sql.raw(list(key))})`.execute(db);
      for (const row of found.rows) ids.set(namedKey(table, row), row.id);
      return { ids, renamed };
    },

    /**
     * Refreshes the planner's statistics of the catalogue tables after a bulk write. PGlite runs
     * no autovacuum, so without this the planner keeps guessing from empty tables.
     */
    async analyze(): Promise<void> {
      await sql`ANALYZE works, makers, labels, series, directors, items, performers, tag_groups, tags,
        work_makers, work_labels, work_series, work_directors, work_items, work_performers, work_tags,
        magnets`.execute(db);
    },

    /** Whether the catalogue holds any work at all. */
    async hasWorks(): Promise<boolean> {
      const row = await db.selectFrom('works').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Works already stored under these (channel, number) keys; hidden ones count no links. */
    async findWorks(keys: Array<{ channel: number; number: string }>) {
      if (keys.length === 0) return [];
      const result = await sql<{
        id: string;
        channel: number;
        number: string;
        pub_date: string;
        hidden: boolean;
      }>`
        SELECT w.id, w.channel, w.number, w.pub_date, w.hidden FROM works w
        JOIN ${recordset(keys, CHANNEL_NUMBER)} USING (channel, number)`.execute(db);
      return result.rows;
    },

    /**
     * Inserts new works and updates stored ones by (channel, number). A stored work whose
     * imported columns are all equal is not written at all (no new row version, no
     * `updated_at`). Returns the ids of the rows written.
     */
    async upsertWorks(rows: WorkRow[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const set = WORK_UPDATABLE.map((c) => `${c} = excluded.${c}`).join(', ');
      const stored = WORK_UPDATABLE.map((c) => `works.${c}`).join(', ');
      const incoming = WORK_UPDATABLE.map((c) => `excluded.${c}`).join(', ');
      // has_magnet is settled here rather than by a later UPDATE, which would write every new
      // row a second time: a line's own magnets, or magnets an earlier line brought for the key.
      // The combined rating keeps the members' side of a stored work (decision 044): a new
      // work has none, so its figures are the line's.
      const combined = sql`combined_average(excluded.imported_average, excluded.imported_evaluates,
        works.member_star_sum, works.member_ratings)`;
      const evaluates = sql`excluded.imported_evaluates + works.member_ratings`;
      const result = await sql<{ id: string }>`
        INSERT INTO works (${sql.raw(list(WORK_COLUMNS))}, has_magnet, average, evaluates, rank_average)
        SELECT ${sql.raw(list(WORK_COLUMNS))},
          x.has_magnet OR EXISTS (SELECT 1 FROM magnets m WHERE m.number_key = x.number_key),
          x.imported_average, x.imported_evaluates,
          CASE WHEN x.imported_evaluates >= ${REVIEW_LIMITS.minRatingsToRank} THEN x.imported_average ELSE 0 END
        FROM ${recordset(rows, [...WORK_COLUMNS, ['has_magnet', 'boolean']])}
        ON CONFLICT (channel, number) DO UPDATE SET ${sql.raw(set)},
          has_magnet = works.has_magnet OR excluded.has_magnet, updated_at = now(),
          average = ${combined}, evaluates = ${evaluates},
          rank_average = CASE WHEN ${evaluates} >= ${REVIEW_LIMITS.minRatingsToRank} THEN ${combined} ELSE 0 END
        WHERE (${sql.raw(stored)}, works.has_magnet)
          IS DISTINCT FROM (${sql.raw(incoming)}, works.has_magnet OR excluded.has_magnet)
        RETURNING id`.execute(db);
      return new Set(result.rows.map((r) => r.id));
    },

    /**
     * Makes a link table hold exactly `rows` for the given works: moves links of works whose
     * channel or date changed, deletes links not in `rows`, inserts the missing ones. Returns
     * the links deleted and inserted (for counts) and the works whose links moved.
     */
    async replaceLinks(
      link: LinkTableName,
      workIds: string[],
      rows: LinkRow[],
      moved: Array<Omit<LinkRow, 'entity_id'>>,
    ) {
      let movedWorks: string[] = [];
      if (moved.length > 0) {
        const updated = await sql<{ work_id: string }>`
          UPDATE ${sql.table(link)} l SET channel = x.channel, pub_date = x.pub_date
          FROM ${recordset(moved, [LINK_WORK, ...LINK_PLACE])}
          WHERE l.work_id = x.work_id AND (l.channel, l.pub_date) IS DISTINCT FROM (x.channel, x.pub_date)
          RETURNING l.work_id`.execute(db);
        movedWorks = updated.rows.map((r) => r.work_id);
      }
      const removed = await sql<Omit<LinkRow, 'pub_date'>>`
        DELETE FROM ${sql.table(link)} l
        WHERE l.work_id = ANY(${workIds}::bigint[])
          AND NOT EXISTS (
            SELECT 1 FROM ${recordset(rows, [LINK_WORK, LINK_ENTITY])}
            WHERE x.work_id = l.work_id AND x.entity_id = l.entity_id)
        RETURNING l.work_id, l.entity_id, l.channel`.execute(db);
      let added: Array<Omit<LinkRow, 'pub_date'>> = [];
      if (rows.length > 0) {
        // The work's flags are copied in with the link; triggers keep them in step (0007).
        const inserted = await sql<Omit<LinkRow, 'pub_date'>>`
          INSERT INTO ${sql.table(link)} (work_id, entity_id, channel, pub_date, has_magnet, hidden)
          SELECT x.work_id, x.entity_id, x.channel, x.pub_date, w.has_magnet, w.hidden
          FROM ${recordset(rows, [LINK_WORK, LINK_ENTITY, ...LINK_PLACE])} JOIN works w ON w.id = x.work_id
          ON CONFLICT (entity_id, work_id) DO NOTHING
          RETURNING work_id, entity_id, channel`.execute(db);
        added = inserted.rows;
      }
      return { added, removed: removed.rows, movedWorks };
    },

    /**
     * Adds magnets and updates changed ones by (number_key, info_hash); never deletes. Returns
     * the keys of the rows written.
     */
    async upsertMagnets(rows: MagnetRow[]) {
      if (rows.length === 0) return [];
      const updatable = ['name', 'length', 'create_time', 'hd', 'subtitle'];
      const result = await sql<{ number_key: string; info_hash: string }>`
        INSERT INTO magnets (${sql.raw(list(MAGNET_COLUMNS))})
        SELECT number, number_key, name, info_hash, length,
          create_time AT TIME ZONE ${sql.lit(SITE_TIME_ZONE)}, hd, subtitle
        FROM ${recordset(rows, MAGNET_COLUMNS)}
        ON CONFLICT (number_key, info_hash) DO UPDATE SET
          ${sql.raw(updatable.map((c) => `${c} = excluded.${c}`).join(', '))}
        WHERE (${sql.raw(updatable.map((c) => `magnets.${c}`).join(', '))})
          IS DISTINCT FROM (${sql.raw(updatable.map((c) => `excluded.${c}`).join(', '))})
        RETURNING number_key, info_hash`.execute(db);
      return result.rows;
    },

    /** Sets `has_magnet` on any other works of these number keys (e.g. the same number elsewhere). */
    async markHasMagnet(numberKeys: string[]): Promise<void> {
      if (numberKeys.length === 0) return;
      await sql`
        UPDATE works w SET has_magnet = true
        WHERE w.number_key = ANY(${numberKeys}::text[]) AND NOT w.has_magnet
          AND EXISTS (SELECT 1 FROM magnets m WHERE m.number_key = w.number_key)`.execute(db);
    },

    /** Adds link-count changes to makers, labels, series, directors, items or tags. */
    async addWorkCounts(table: PlainEntityTableName | 'tags', deltas: Array<{ id: string; n: number }>) {
      if (deltas.length === 0) return;
      await sql`
        UPDATE ${sql.table(table)} e SET work_count = e.work_count + x.n
        FROM ${recordset(deltas, defineColumns('id bigint, n integer'))}
        WHERE e.id = x.id`.execute(db);
    },

    /** Adds link-count changes to performers, per channel. */
    async addPerformerCounts(deltas: Array<{ id: string; c1: number; c2: number; c3: number }>) {
      if (deltas.length === 0) return;
      await sql`
        UPDATE performers e SET censored_count = e.censored_count + x.c1,
          uncensored_count = e.uncensored_count + x.c2, western_count = e.western_count + x.c3
        FROM ${recordset(deltas, defineColumns('id bigint, c1 integer, c2 integer, c3 integer'))}
        WHERE e.id = x.id`.execute(db);
    },
  };
}

export type CatalogueWriteRepo = ReturnType<typeof createCatalogueWriteRepo>;
