import { ENTITY_MATCH_KINDS, type EntityMatchKind, type ModId } from '@yingku/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { likeContains } from '../../db/like';
import type { DB, PlainEntityKind } from '../../db/schema';
import { ENTITY_KINDS, PERFORMER_COUNT } from '../../db/schema';

/** An entity whose name or Chinese name holds the keyword; `channel` is where its `count` works are. */
export interface EntityMatchRow {
  kind: EntityMatchKind;
  id: string;
  name: string;
  name_cn: string | null;
  channel: ModId;
  count: number;
}

/** Entity tables with one channel and one count per row (tags among them): all but performers. */
type ChannelKind = Exclude<EntityMatchKind, 'performer'> & (PlainEntityKind | 'tag');

/**
 * The channels in which each kind has a list page (SPEC §2): a match opens one, so entities
 * without one are not matches. Labels, series, directors and same-type lists are censored only;
 * western performers have no page; makers and tags have one in every channel.
 */
const LISTED_CHANNELS: Record<EntityMatchKind, readonly ModId[]> = {
  performer: [1, 2],
  maker: [1, 2, 3],
  tag: [1, 2, 3],
  label: [1],
  series: [1],
  director: [1],
  item: [1],
};

/** The channels to look in: the asked one if the kind is listed there, else every listed one. */
const channelsFor = (kind: EntityMatchKind, channel: ModId | undefined) =>
  LISTED_CHANNELS[kind].filter((listed) => channel === undefined || listed === channel);

/**
 * Best first: a name that is the keyword, then the most works, then the oldest entry. Each
 * statement below reads a few rows of each part of that order, and {@link best} merges them.
 */
const byRank = (a: Ranked, b: Ranked) =>
  Number(b.exact) - Number(a.exact) ||
  b.count - a.count ||
  a.id.length - b.id.length ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
type Ranked = { id: string; exact: boolean; count: number };

/** The first `limit` of `rows` by {@link byRank}, each entity once (an exact match comes twice). */
function best<T extends Ranked>(rows: T[], limit: number): T[] {
  const seen = new Set<string>();
  return rows
    .sort(byRank)
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, limit);
}

/** Names with most works a keyword is first looked for among, per channel, before all of them. */
const POPULAR = 100;

/** One kind's table as the statement below reads it. */
interface Source {
  table: string;
  /** The output columns, as selected and by name; `count` among them, and `id`. */
  columns: RawBuilder<unknown>;
  names: readonly string[];
  /** The column of a channel's works count, which an index orders (count DESC, id). */
  countIn(channel: ModId): RawBuilder<number>;
  /** The rows of a channel. */
  of(channel: ModId): RawBuilder<boolean>;
}

/**
 * Names matched by keyword (issue 17), read through the trigram indexes of migration 0012 over
 * `lower(name)` and `lower(coalesce(name_cn, ''))`, and the name grams of migration 0014: the
 * expressions below must stay those.
 *
 * A kind is one statement, a UNION ALL of short reads, rather than one sort of every name
 * holding the keyword (a keyword of 1–2 characters, which trigrams cannot serve, sorted a whole
 * table per kind: 80 ms for performers at a million works): the names that are the keyword
 * (trigrams serve equality at any length); per channel, those holding it among the
 * {@link POPULAR} with most works, read off the channel's count index; and, only where these
 * are too few, the best of all names holding it, gathered through the trigrams or grams and
 * sorted. Left to choose, the planner walked the count index for a keyword that many names hold
 * but none in the channel (`sample`: 56,000 performers read, 66 ms).
 */
export function createEntitySearchRepo(db: Kysely<DB>) {
  async function read<Row extends Ranked>(
    source: Source,
    folded: string,
    channels: readonly ModId[],
    rankCount: RawBuilder<number>,
    limit: number,
  ): Promise<Row[]> {
    const { table, columns, names, countIn, of } = source;
    const pattern = likeContains(folded);
    const holds = sql<boolean>`(lower(name) LIKE ${pattern} OR lower(coalesce(name_cn, '')) LIKE ${pattern})`;
    // 1–2 characters: through the name grams of migration 0014, spelled as there.
    const found =
      [...folded].length > 2
        ? holds
        : sql<boolean>`(name_grams(lower(name)) || name_grams(lower(coalesce(name_cn, '')))) @> ARRAY[${folded}]::text[] AND ${holds}`;
    const listed = sql.join(
      channels.map((c) => sql`(${of(c)} AND ${countIn(c)} > 0)`),
      sql` OR `,
    );
    const exact = sql`SELECT ${columns}, true AS exact FROM ${sql.table(table)}
      WHERE (lower(name) = ${folded} OR lower(coalesce(name_cn, '')) = ${folded}) AND (${listed})
      ORDER BY ${rankCount} DESC, id LIMIT ${limit}`;
    const popular = (c: ModId) => sql`SELECT ${sql.join(names.map((n) => sql.ref(n)))}, false AS exact
      FROM (SELECT ${columns}, ${countIn(c)} AS rank_count FROM ${sql.table(table)}
        WHERE ${of(c)} AND ${countIn(c)} > 0 ORDER BY ${countIn(c)} DESC, id LIMIT ${POPULAR}) AS popular
      WHERE ${holds} ORDER BY rank_count DESC, id LIMIT ${limit}`;
    // Each channel's popular read once, for its rows and to tell whether the rest is needed.
    const popularOf = (c: ModId) => sql.table(`popular_${c}`);
    const popularReads = sql.join(
      channels.map((c) => sql`${popularOf(c)} AS MATERIALIZED (${popular(c)})`),
      sql`, `,
    );
    // `+ 0`: not in the count index's order, so the planner gathers the few names holding it.
    const rest = (c: ModId) => sql`SELECT ${columns}, false AS exact FROM ${sql.table(table)}
      WHERE ${of(c)} AND ${countIn(c)} > 0 AND ${found}
        AND (SELECT count(*) FROM ${popularOf(c)}) < ${limit}
      ORDER BY ${countIn(c)} + 0 DESC, id LIMIT ${limit}`;
    const parts = [exact, ...channels.flatMap((c) => [sql`SELECT * FROM ${popularOf(c)}`, rest(c)])];
    const { rows } = await sql<Row>`WITH ${popularReads} ${sql.join(
      parts.map((part) => sql`(${part})`),
      sql` UNION ALL `,
    )}`.execute(db);
    return best(rows, limit);
  }

  async function inChannelTable(
    kind: ChannelKind,
    folded: string,
    channel: ModId | undefined,
    limit: number,
  ) {
    const channels = channelsFor(kind, channel);
    if (channels.length === 0) return [];
    const source: Source = {
      table: ENTITY_KINDS[kind].table,
      columns: sql`id, name, name_cn, channel, work_count AS count`,
      names: ['id', 'name', 'name_cn', 'channel', 'count'],
      countIn: () => sql<number>`work_count`,
      of: (c) => sql<boolean>`channel = ${sql.lit(c)}`,
    };
    type Row = Ranked & { name: string; name_cn: string | null; channel: ModId };
    const rows = await read<Row>(source, folded, channels, sql`work_count`, limit);
    return rows.map(({ id, name, name_cn, channel: c, count }): EntityMatchRow => ({
      kind,
      id,
      name,
      name_cn,
      channel: c,
      count,
    }));
  }

  async function performers(folded: string, channel: ModId | undefined, limit: number) {
    const channels = channelsFor('performer', channel);
    if (channels.length === 0) return [];
    // In one channel: its count. In all: the listed channel where the performer has most works,
    // whose best `limit` are among the best `limit` of some one channel.
    const count =
      channels.length === 1
        ? sql<number>`${sql.ref(PERFORMER_COUNT[channels[0]!])}`
        : sql<number>`greatest(censored_count, uncensored_count)`;
    const source: Source = {
      table: 'performers',
      columns: sql`id, name, name_cn, ${count} AS count, censored_count, uncensored_count`,
      names: ['id', 'name', 'name_cn', 'count', 'censored_count', 'uncensored_count'],
      countIn: (c) => sql<number>`${sql.ref(PERFORMER_COUNT[c])}`,
      of: () => sql<boolean>`true`,
    };
    type Row = Ranked & {
      name: string;
      name_cn: string | null;
      censored_count: number;
      uncensored_count: number;
    };
    const rows = await read<Row>(source, folded, channels, count, limit);
    return rows.map((row): EntityMatchRow => {
      const top: ModId =
        channels.length === 1 ? channels[0]! : row.uncensored_count > row.censored_count ? 2 : 1;
      return {
        kind: 'performer',
        id: row.id,
        name: row.name,
        name_cn: row.name_cn,
        channel: top,
        count: row.count,
      };
    });
  }

  return {
    /**
     * Up to `perKind` entities of each of `kinds` whose name holds `folded` (a lower-cased
     * keyword), in the order of `kinds` (performers first); only entities with works (in
     * `channel` when given).
     */
    async searchEntities(
      folded: string,
      channel: ModId | undefined,
      perKind: number,
      kinds: readonly EntityMatchKind[] = ENTITY_MATCH_KINDS,
    ): Promise<EntityMatchRow[]> {
      const found = await Promise.all(
        kinds.map((kind) =>
          kind === 'performer'
            ? performers(folded, channel, perKind)
            : inChannelTable(kind, folded, channel, perKind),
        ),
      );
      return found.flat();
    },
  };
}

export type EntitySearchRepo = ReturnType<typeof createEntitySearchRepo>;
