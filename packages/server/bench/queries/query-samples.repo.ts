import type { ModId } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema';

/** An entity to filter by, with the channel whose list it is shown in. */
export interface SampledEntity {
  id: string;
  channel: ModId;
}

/** Parameters drawn from the database being measured, so every size gets its own real values. */
export interface QuerySamples {
  /** The newest publish date: the bench catalogue's "today". */
  today: string;
  entities: Record<'tag' | 'maker' | 'label' | 'series' | 'director' | 'item' | 'performer', SampledEntity[]>;
  works: Array<{ id: string; number: string; channel: ModId }>;
  titles: Array<{ title: string; channel: ModId }>;
}

const PLAIN_TABLES = {
  tag: 'tags',
  maker: 'makers',
  label: 'labels',
  series: 'series',
  director: 'directors',
  item: 'items',
} as const;

/**
 * Half of the entities are the most linked ones (the sidebars' first page, where visitors click
 * most), half drawn at random among those with works (the long tail).
 */
async function sampleEntities(db: Kysely<DB>, table: string, count: string, n: number) {
  const result = await sql<{ id: string; channel: ModId }>`
    (SELECT id, channel FROM ${sql.table(table)} WHERE ${sql.raw(count)} > 0
      ORDER BY ${sql.raw(count)} DESC LIMIT ${Math.ceil(n / 2)})
    UNION
    (SELECT id, channel FROM ${sql.table(table)} WHERE ${sql.raw(count)} > 0 ORDER BY random() LIMIT ${n})
    LIMIT ${n}`.execute(db);
  return result.rows;
}

/** Draws `n` of each kind of parameter (fewer when the catalogue has fewer). */
export async function drawSamples(db: Kysely<DB>, n: number): Promise<QuerySamples> {
  await sql`SELECT setseed(0.42)`.execute(db);
  const entities = {} as QuerySamples['entities'];
  for (const [kind, table] of Object.entries(PLAIN_TABLES)) {
    entities[kind as keyof typeof PLAIN_TABLES] = await sampleEntities(db, table, 'work_count', n);
  }
  // A performer is shown in the channel where most of their works are.
  const channelOfPerformer =
    sql.raw(`CASE WHEN censored_count >= greatest(uncensored_count, western_count) THEN 1
    WHEN uncensored_count >= western_count THEN 2 ELSE 3 END`);
  const performers = await sql<SampledEntity>`
    SELECT id, ${channelOfPerformer} AS channel FROM performers
    WHERE id IN (
      (SELECT id FROM performers ORDER BY censored_count + uncensored_count + western_count DESC LIMIT ${Math.ceil(n / 2)})
      UNION
      (SELECT id FROM performers WHERE censored_count + uncensored_count + western_count > 0
        ORDER BY random() LIMIT ${Math.ceil(n / 2)}))`.execute(db);
  entities.performer = performers.rows;

  const works = await sql<{ id: string; number: string; channel: ModId; title: string }>`
    SELECT id, number, channel, title FROM works WHERE NOT hidden ORDER BY random() LIMIT ${n * 2}`.execute(
    db,
  );
  const today = await sql<{ day: string }>`SELECT max(pub_date)::text AS day FROM works`.execute(db);
  return {
    today: today.rows[0]!.day,
    entities,
    works: works.rows.slice(0, n),
    titles: works.rows.map((w) => ({ title: w.title, channel: w.channel })),
  };
}
