import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { EntityMatchKind } from '@yingku/contract';
import { LISTED_CHANNELS } from '../src/db/entity-names';
import { type DB, ENTITY_KINDS } from '../src/db/schema';

// Checks of the counters of decision 016 against a fresh count(*) of the rows they count.

const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
const rowsOf = async (db: Kysely<DB>, query: string) => (await sql.raw(query).execute(db)).rows;

/** Counter rows that are not zero, as JSON strings of key, works and with_magnet. */
async function stored(db: Kysely<DB>, table: string, key: string) {
  return sorted(
    await rowsOf(db, `SELECT ${key}, works, with_magnet FROM ${table} WHERE works <> 0 OR with_magnet <> 0`),
  );
}

/**
 * Every counter table's non-zero rows: day, entity and gram counts, channel and kind totals, and
 * the tags' months.
 */
export async function storedCounters(db: Kysely<DB>) {
  return [
    await stored(db, 'catalogue_day_counts', 'channel, pub_date'),
    await stored(db, 'entity_work_counts', 'kind, entity_id, channel'),
    await stored(db, 'title_gram_counts', 'gram, channel'),
    await stored(db, 'catalogue_channel_counts', 'channel'),
    sorted(await rowsOf(db, `SELECT kind, channel, entities FROM entity_kind_counts WHERE entities <> 0`)),
    await stored(db, 'tag_month_counts', 'tag_id, channel, month'),
  ];
}

/** The same, counted now from works and links (the works' own flags, not the links' copies). */
async function counted(db: Kysely<DB>) {
  const tally = `count(*)::int AS works, (count(*) FILTER (WHERE w.has_magnet))::int AS with_magnet`;
  const links = Object.entries(ENTITY_KINDS).map(
    ([kind, { link }]) => `SELECT '${kind}' AS kind, l.entity_id, w.channel, ${tally}
      FROM ${link} l JOIN works w ON w.id = l.work_id WHERE NOT w.hidden GROUP BY l.entity_id, w.channel`,
  );
  return [
    sorted(
      await rowsOf(db, `SELECT channel, pub_date, ${tally} FROM works w WHERE NOT hidden GROUP BY 1, 2`),
    ),
    sorted(await rowsOf(db, links.join(' UNION ALL '))),
    sorted(
      await rowsOf(
        db,
        `SELECT g AS gram, channel, ${tally} FROM works w, unnest(title_grams) g WHERE NOT hidden GROUP BY 1, 2`,
      ),
    ),
    sorted(await rowsOf(db, `SELECT channel, ${tally} FROM works w WHERE NOT hidden GROUP BY 1`)),
    sorted(await rowsOf(db, entitiesWithWorks)),
    sorted(
      await rowsOf(
        db,
        `SELECT l.entity_id AS tag_id, w.channel, date_trunc('month', w.pub_date::timestamp)::date AS month,
          ${tally} FROM work_tags l JOIN works w ON w.id = l.work_id WHERE NOT w.hidden GROUP BY 1, 2, 3`,
      ),
    ),
  ];
}

/** Entities of each kind with visible works in each channel, counted from the links. */
const entitiesWithWorks = (['maker', 'label', 'series', 'director', 'item', 'performer'] as const)
  .map(
    (kind) => `SELECT '${kind}' AS kind, w.channel, count(DISTINCT l.entity_id)::int AS entities
      FROM ${ENTITY_KINDS[kind].link} l JOIN works w ON w.id = l.work_id WHERE NOT w.hidden GROUP BY 2`,
  )
  .join(' UNION ALL ');

/** Fails unless every counter equals a fresh count and every link's copied flags equal its work's. */
export async function expectCountersExact(db: Kysely<DB>): Promise<void> {
  const [days, entities, grams, channels, kinds, months] = await counted(db);
  const [storedDays, storedEntities, storedGrams, storedChannels, storedKinds, storedMonths] =
    await storedCounters(db);
  expect(storedDays, 'catalogue_day_counts').toEqual(days);
  expect(storedEntities, 'entity_work_counts').toEqual(entities);
  expect(storedGrams, 'title_gram_counts').toEqual(grams);
  expect(storedChannels, 'catalogue_channel_counts').toEqual(channels);
  expect(storedKinds, 'entity_kind_counts').toEqual(kinds);
  expect(storedMonths, 'tag_month_counts').toEqual(months);
  for (const { link } of Object.values(ENTITY_KINDS)) {
    const stale = await rowsOf(
      db,
      `SELECT l.work_id FROM ${link} l JOIN works w ON w.id = l.work_id
       WHERE (l.has_magnet, l.hidden, l.channel, l.pub_date) IS DISTINCT FROM (w.has_magnet, w.hidden, w.channel, w.pub_date)`,
    );
    expect(stale, link).toEqual([]);
  }
}

/**
 * Fails unless the search box's entity names (migration 0017) are the entity tables' names and
 * counts in each listed channel, and their grams each name's characters and pairs.
 */
export async function expectEntityNamesExact(db: Kysely<DB>): Promise<void> {
  const expected = (Object.entries(LISTED_CHANNELS) as Array<[EntityMatchKind, readonly number[]]>).flatMap(
    ([kind, channels]) =>
      channels.map((c) =>
        kind === 'performer'
          ? `SELECT 'performer' AS kind, id, ${c}::smallint AS channel, name, name_cn,
              ${c === 1 ? 'censored_count' : 'uncensored_count'} AS count FROM performers`
          : `SELECT '${kind}', id, channel, name, name_cn, work_count FROM ${ENTITY_KINDS[kind].table} WHERE channel = ${c}`,
      ),
  );
  const names = `(${expected.join(' UNION ALL ')})`;
  const stored = `(SELECT kind, id, channel, name, name_cn, count FROM entity_names)`;
  const differ = (a: string, b: string) => `SELECT * FROM ${a} AS a EXCEPT ALL SELECT * FROM ${b} AS b`;
  expect(await rowsOf(db, differ(names, stored)), 'entity rows missing from entity_names').toEqual([]);
  expect(await rowsOf(db, differ(stored, names)), 'entity_names rows no entity has').toEqual([]);
  expect(
    await rowsOf(
      db,
      `SELECT kind, id FROM entity_names WHERE folded <> lower(name) || E'\\n' || lower(coalesce(name_cn, ''))`,
    ),
    'folded names',
  ).toEqual([]);
  const grams = `(SELECT DISTINCT kind, id, channel, g AS gram, count FROM entity_names,
    unnest(name_grams(lower(name)) || name_grams(lower(coalesce(name_cn, '')))) AS g)`;
  const storedGrams = `(SELECT kind, id, channel, gram, count FROM entity_name_grams)`;
  expect(await rowsOf(db, differ(grams, storedGrams)), 'grams missing').toEqual([]);
  expect(await rowsOf(db, differ(storedGrams, grams)), 'grams no name has').toEqual([]);
}
