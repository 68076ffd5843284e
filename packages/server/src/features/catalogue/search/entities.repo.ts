import { ENTITY_MATCH_KINDS, type EntityMatchKind, type ModId } from '@yingku/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LISTED_CHANNELS } from '../../../db/entity-names';
import { likeContains } from '../../../db/like';
import type { DB } from '../../../db/schema';

/** An entity whose name or Chinese name holds the keyword; `channel` is where its `count` works are. */
export interface EntityMatchRow {
  kind: EntityMatchKind;
  id: string;
  name: string;
  name_cn: string | null;
  channel: ModId;
  count: number;
}

/** A name found, and whether it is the keyword itself. */
export type Found = EntityMatchRow & { exact: boolean };

/**
 * Best first: a name that is the keyword, then the most works, then the oldest entry; of a
 * performer found in both channels, the channel with more works (the censored one when even).
 */
const byRank = (a: Found, b: Found) =>
  Number(b.exact) - Number(a.exact) ||
  b.count - a.count ||
  a.id.length - b.id.length ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) ||
  a.channel - b.channel;

/** The first `limit` of `rows` by {@link byRank}, each entity once (found twice when exact, or in two channels). */
function best(rows: Found[], limit: number): EntityMatchRow[] {
  const seen = new Set<string>();
  return rows
    .sort(byRank)
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, limit)
    .map(({ exact: _exact, ...row }) => row);
}

/** Names with most works a keyword of 3+ characters is first looked for among, per kind and channel. */
const POPULAR = 100;

/**
 * Names matched by keyword (decision 043), in one statement over `entity_names` and
 * `entity_name_grams` (migration 0017), whatever the kinds and channels asked:
 *
 * - the names that are the keyword (exact, first in the order), off `lower(name)` and
 *   `lower(name_cn)`;
 * - a keyword of 1–2 characters is one of the names' grams: per kind and channel, the first
 *   `limit` entries of its range of `entity_name_grams_rank`, in count order;
 * - a longer one is looked for among each kind's and channel's {@link POPULAR} names with most
 *   works (their folded names carried in `entity_names_rank`), and only where these give fewer
 *   than `limit`, among all names through the trigrams of `folded`, sorted.
 *
 * The exact names' plan needs migration 0018's statistics on `lower(name)` and `lower(name_cn)`.
 *
 * Expressions as in the migration's indexes.
 */
export function createEntitySearchRepo(db: Kysely<DB>) {
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
      const pairs = entityPairs(channel, kinds);
      if (!pairs) return [];
      const { ctes, parts } = entityMatchParts(folded, perKind);
      const { rows } = await sql<Found>`WITH ${sql.join([pairs, ...ctes])}
        ${sql.join(
          parts.map((part) => sql`(${part})`),
          sql` UNION ALL `,
        )}`.execute(db);
      return bestOfEachKind(rows, kinds, perKind);
    },
  };
}

/** {@link entityPairs} by channel and kinds: a handful of lists, each built once. */
const PAIRS = new Map<string, RawBuilder<unknown> | null>();

/**
 * The `pairs (kind, channel)` to look in, as a CTE: each of `kinds` in the channels it has a list
 * page in, or only in `channel`; null when there is none. Built once per channel and kinds, as
 * one piece of SQL text: every search read them, and building them was a twelfth of what a
 * suggestion allocated (docs/benchmarks.md).
 */
export function entityPairs(
  channel: ModId | undefined,
  kinds: readonly EntityMatchKind[],
): RawBuilder<unknown> | null {
  const key = `${channel ?? ''}:${kinds.join()}`;
  if (!PAIRS.has(key)) {
    const pairs = kinds.flatMap((kind) =>
      LISTED_CHANNELS[kind].filter((c) => channel === undefined || c === channel).map((c) => ({ kind, c })),
    );
    // Kinds are ENTITY_MATCH_KINDS' words and channels small integers: nothing to escape.
    const values = pairs.map(({ kind, c }) => `('${kind}', ${c}::smallint)`).join(', ');
    PAIRS.set(key, pairs.length === 0 ? null : sql.raw(`pairs (kind, channel) AS (VALUES ${values})`));
  }
  return PAIRS.get(key)!;
}

/**
 * The parts of a statement that finds `folded` in the names of {@link entityPairs}, each a query
 * of the columns of {@link Found} (rows for {@link bestOfEachKind}), and the CTEs they read,
 * named with `tag` so that one statement can hold the parts of several keywords.
 */
export function entityMatchParts(folded: string, perKind: number, tag = ''): Parts {
  const exact = sql`SELECT kind, id, name, name_cn, channel, count, true AS exact FROM entity_names
    WHERE count > 0 AND (lower(name) = ${folded} OR lower(name_cn) = ${folded})
      AND (kind, channel) IN (SELECT kind, channel FROM pairs)`;
  const { ctes, parts } =
    [...folded].length <= 2 ? byGram(folded, perKind) : byTrigrams(folded, perKind, tag);
  return { ctes, parts: [...parts, exact] };
}

/** Up to `perKind` of each of `kinds` among `rows`, best first, in the order of `kinds`. */
export function bestOfEachKind(
  rows: Found[],
  kinds: readonly EntityMatchKind[],
  perKind: number,
): EntityMatchRow[] {
  const byKind = new Map<EntityMatchKind, Found[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
  return kinds.flatMap((kind) => best(byKind.get(kind) ?? [], perKind));
}

/** A statement's parts (and what they read first), each a query of the columns of {@link Found}. */
interface Parts {
  ctes: RawBuilder<unknown>[];
  parts: RawBuilder<unknown>[];
}

/** A keyword of 1–2 characters: per kind and channel, the first entries of its gram's range. */
function byGram(gram: string, limit: number): Parts {
  const part = sql`SELECT n.kind, n.id, n.name, n.name_cn, n.channel, n.count, false AS exact
    FROM pairs p CROSS JOIN LATERAL (
      SELECT g.id FROM entity_name_grams g
      WHERE g.kind = p.kind AND g.channel = p.channel AND g.gram = ${gram} AND g.count > 0
      ORDER BY g.count DESC, g.id LIMIT ${limit}) AS g
    JOIN entity_names n ON n.kind = p.kind AND n.id = g.id AND n.channel = p.channel`;
  return { ctes: [], parts: [part] };
}

/**
 * A keyword of 3+ characters: among the popular names first, among all where these are too few.
 * All names holding it are read through the trigrams, of every kind and channel at once and only
 * when some pair is short: joined to the short pairs, the planner read each pair's names in rank
 * order and filtered them (5–10 ms a pair at a million works, against 0.2 ms for the trigrams).
 */
function byTrigrams(folded: string, limit: number, tag: string): Parts {
  const pattern = likeContains(folded);
  const [popular, short, holding] = ['popular', 'short', 'holding'].map((name) => sql.id(name + tag));
  return {
    ctes: [
      sql`${popular} AS MATERIALIZED (
        SELECT p.kind, e.id, e.name, e.name_cn, p.channel, e.count,
          row_number() OVER (PARTITION BY p.kind, p.channel ORDER BY e.count DESC, e.id) AS rank
        FROM pairs p CROSS JOIN LATERAL (
          SELECT id, name, name_cn, count, folded FROM entity_names n
          WHERE n.kind = p.kind AND n.channel = p.channel AND n.count > 0
          ORDER BY n.count DESC, n.id LIMIT ${POPULAR}) AS e
        WHERE e.folded LIKE ${pattern})`,
      sql`${short} AS MATERIALIZED (
        SELECT kind, channel FROM pairs p
        WHERE (SELECT count(*) FROM ${popular} q WHERE q.kind = p.kind AND q.channel = p.channel) < ${limit})`,
      sql`${holding} AS MATERIALIZED (
        SELECT kind, id, name, name_cn, channel, count FROM entity_names
        WHERE count > 0 AND folded LIKE ${pattern} AND EXISTS (SELECT FROM ${short}))`,
    ],
    parts: [
      sql`SELECT kind, id, name, name_cn, channel, count, false AS exact FROM ${popular} WHERE rank <= ${limit}`,
      sql`SELECT kind, id, name, name_cn, channel, count, false AS exact FROM (
          SELECT kind, id, name, name_cn, channel, count,
            row_number() OVER (PARTITION BY kind, channel ORDER BY count DESC, id) AS rank
          FROM ${holding} WHERE (kind, channel) IN (SELECT kind, channel FROM ${short})) AS rest
        WHERE rank <= ${limit}`,
    ],
  };
}

export type EntitySearchRepo = ReturnType<typeof createEntitySearchRepo>;
