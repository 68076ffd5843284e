import type { EntityMatchKind, ModId } from '@yingku/contract';
import { ENTITY_KINDS } from './schema';

/**
 * The channels in which each kind has a list page (docs/product.md §2): a name match opens one, so only
 * these channels have rows in `entity_names` (migration 0017). Labels, series, directors and
 * same-type lists are censored only; western performers have no page; makers and tags have one
 * in every channel.
 */
export const LISTED_CHANNELS: Record<EntityMatchKind, readonly ModId[]> = {
  performer: [1, 2],
  maker: [1, 2, 3],
  tag: [1, 2, 3],
  label: [1],
  series: [1],
  director: [1],
  item: [1],
};

/** What `entity_names.folded` holds for a name: the lower-cased name and Chinese name, a line apart. */
const FOLDED = `lower(name) || E'\\n' || lower(coalesce(name_cn, ''))`;

/**
 * SQL that fills `entity_names` and `entity_name_grams` again from the entity tables, as the
 * triggers of migration 0017 keep them: after a bulk load with those triggers off
 * (npm run bench:data), or as a repair.
 */
export function entityNamesRebuildStatements(): string[] {
  const names = (Object.entries(LISTED_CHANNELS) as Array<[EntityMatchKind, readonly ModId[]]>).map(
    ([kind, channels]) => {
      const rows =
        kind === 'performer'
          ? `SELECT id, 1, name, name_cn, censored_count FROM performers
             UNION ALL SELECT id, 2, name, name_cn, uncensored_count FROM performers`
          : `SELECT id, channel, name, name_cn, work_count FROM ${ENTITY_KINDS[kind].table}
             WHERE channel IN (${channels.join(', ')})`;
      return `INSERT INTO entity_names (kind, id, channel, name, name_cn, count, folded)
        SELECT '${kind}', id, channel, name, name_cn, count, ${FOLDED}
        FROM (${rows}) AS e (id, channel, name, name_cn, count)`;
    },
  );
  return [
    `TRUNCATE ${ENTITY_NAME_TABLES.join(', ')}`,
    ...names,
    `INSERT INTO entity_name_grams (kind, id, channel, gram, count)
      SELECT DISTINCT kind, id, channel, g, count
      FROM entity_names, unnest(name_grams(lower(name)) || name_grams(lower(coalesce(name_cn, '')))) AS g`,
  ];
}

/** The entity tables whose row triggers keep `entity_names` (off during a bulk load). */
export const NAMED_TABLES = Object.keys(LISTED_CHANNELS).map(
  (kind) => ENTITY_KINDS[kind as EntityMatchKind].table,
);

/** The tables the triggers keep. */
export const ENTITY_NAME_TABLES = ['entity_names', 'entity_name_grams'] as const;
