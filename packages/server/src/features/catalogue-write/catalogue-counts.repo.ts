import { type Kysely, sql } from 'kysely';
import { entityNamesRebuildStatements } from '../../db/entity-names';
import { type DB, ENTITY_KINDS, type EntityKind } from '../../db/schema';

/**
 * The counters of decision 016 (migration 0007): visible works per channel and day, per entity
 * and channel, per title gram and channel, each with and without magnets; and per tag, channel
 * and month (migration 0022). Triggers keep them on every write; these statements rebuild them
 * from the rows, for a bulk load that ran with the triggers off (npm run bench:data) or a repair.
 */
export const COUNTER_TABLES = [
  'catalogue_day_counts',
  'entity_work_counts',
  'title_gram_counts',
  'tag_month_counts',
] as const;

/**
 * The totals of migration 0019, per channel and per kind of entity: a few rows each, kept by
 * triggers on the day counters and the entity tables, and rebuilt with the counters.
 */
export const TOTAL_TABLES = ['catalogue_channel_counts', 'entity_kind_counts'] as const;

/** Entities of each kind with works in each channel, from the entity tables' own counts. */
const ENTITY_KIND_COUNTS = [
  `SELECT 'performer' AS kind, 1::smallint AS channel, count(*) AS n FROM performers WHERE censored_count > 0`,
  `SELECT 'performer', 2, count(*) FROM performers WHERE uncensored_count > 0`,
  `SELECT 'performer', 3, count(*) FROM performers WHERE western_count > 0`,
  ...(['maker', 'label', 'series', 'director', 'item'] as const).map(
    (kind) => `SELECT '${kind}', channel, count(*) FROM ${ENTITY_KINDS[kind].table}
      WHERE work_count > 0 GROUP BY channel`,
  ),
].join(' UNION ALL ');

/** Tables whose statement triggers move the counters (and copy work flags into the links). */
export const COUNTED_TABLES = ['works', ...Object.values(ENTITY_KINDS).map((k) => k.link)] as const;

/**
 * SQL that empties the counters and counts them again from the stored rows; and the search
 * box's entity names (migration 0017), which their triggers keep with each entity's counts.
 */
export function recountStatements(): string[] {
  const links = (Object.entries(ENTITY_KINDS) as Array<[EntityKind, { link: string }]>).map(
    ([kind, { link }]) => `
      INSERT INTO entity_work_counts (kind, entity_id, channel, works, with_magnet)
      SELECT '${kind}', entity_id, channel, count(*), count(*) FILTER (WHERE has_magnet)
      FROM ${link} WHERE NOT hidden GROUP BY entity_id, channel`,
  );
  return [
    `TRUNCATE ${[...COUNTER_TABLES, ...TOTAL_TABLES].join(', ')}`,
    `INSERT INTO catalogue_day_counts (channel, pub_date, works, with_magnet)
      SELECT channel, pub_date, count(*), count(*) FILTER (WHERE has_magnet)
      FROM works WHERE NOT hidden GROUP BY channel, pub_date`,
    ...links,
    `INSERT INTO title_gram_counts (gram, channel, works, with_magnet)
      SELECT g, channel, count(*), count(*) FILTER (WHERE has_magnet)
      FROM works, unnest(title_grams) g WHERE NOT hidden GROUP BY g, channel`,
    `INSERT INTO tag_month_counts (tag_id, channel, month, works, with_magnet)
      SELECT entity_id, channel, pub_date - extract(day FROM pub_date)::int + 1,
        count(*), count(*) FILTER (WHERE has_magnet)
      FROM work_tags WHERE NOT hidden GROUP BY 1, 2, 3`,
    // The day rows' trigger has added them up already; counted again, a repair holds whatever ran.
    `DELETE FROM catalogue_channel_counts`,
    `INSERT INTO catalogue_channel_counts (channel, works, with_magnet)
      SELECT channel, sum(works), sum(with_magnet) FROM catalogue_day_counts GROUP BY channel`,
    `INSERT INTO entity_kind_counts (kind, channel, entities)
      SELECT kind, channel, n FROM (${ENTITY_KIND_COUNTS}) AS c WHERE n > 0`,
    ...entityNamesRebuildStatements(),
    // Rows written with the triggers off: cached searches (migration 0020) must not outlive them.
    `UPDATE catalogue_version SET version = version + 1`,
  ];
}

/** Rebuilds every counter from the rows, inside the caller's transaction if it passes one. */
export async function recountCatalogueCounters(db: Kysely<DB>): Promise<void> {
  for (const statement of recountStatements()) await sql.raw(statement).execute(db);
}
