import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
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

/** Every counter table's non-zero rows: day, entity and gram counts. */
export async function storedCounters(db: Kysely<DB>) {
  return [
    await stored(db, 'catalogue_day_counts', 'channel, pub_date'),
    await stored(db, 'entity_work_counts', 'kind, entity_id, channel'),
    await stored(db, 'title_gram_counts', 'gram, channel'),
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
  ];
}

/** Fails unless every counter equals a fresh count and every link's copied flags equal its work's. */
export async function expectCountersExact(db: Kysely<DB>): Promise<void> {
  const [days, entities, grams] = await counted(db);
  const [storedDays, storedEntities, storedGrams] = await storedCounters(db);
  expect(storedDays, 'catalogue_day_counts').toEqual(days);
  expect(storedEntities, 'entity_work_counts').toEqual(entities);
  expect(storedGrams, 'title_gram_counts').toEqual(grams);
  for (const { link } of Object.values(ENTITY_KINDS)) {
    const stale = await rowsOf(
      db,
      `SELECT l.work_id FROM ${link} l JOIN works w ON w.id = l.work_id
       WHERE (l.has_magnet, l.hidden, l.channel, l.pub_date) IS DISTINCT FROM (w.has_magnet, w.hidden, w.channel, w.pub_date)`,
    );
    expect(stale, link).toEqual([]);
  }
}
