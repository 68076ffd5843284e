import type { EntityMatchKind, ModId } from '@yingku/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { prefixRange } from '../../../db/like';
import type { DB } from '../../../db/schema';
import {
  bestOfEachKind,
  type EntityMatchRow,
  entityMatchParts,
  entityPairs,
  type Found,
} from './entities.repo';

/** A work the search box suggests. */
export interface WorkSuggestionRow {
  id: string;
  channel: ModId;
  number: string;
  title: string;
}

/** What the search box is asked for one keyword being typed. */
export interface SuggestAsk {
  /** The keyword as a compact number ({@link compactNumber}), when it reads as one. */
  compact: string | null;
  /** The lower-cased keyword in each of its spellings (simplified and traditional). */
  spellings: string[];
  channel: ModId | undefined;
  /** Works by number and by each spelling's title, each. */
  limit: number;
  kinds: readonly EntityMatchKind[];
  perKind: number;
}

/** What one statement finds for a {@link SuggestAsk}. */
export interface SuggestRows {
  byNumber: WorkSuggestionRow[];
  /** Per spelling, in order. */
  byTitle: WorkSuggestionRow[][];
  /** Per spelling, the best of each kind ({@link bestOfEachKind}). */
  names: EntityMatchRow[][];
}

/** A row of the one statement: `part` says which read it comes from, `ord` its place in it. */
interface PartRow {
  part: number;
  ord: string;
  kind: EntityMatchKind | null;
  id: string;
  channel: ModId;
  name: string;
  name_cn: string | null;
  count: number;
  exact: boolean;
}

/**
 * The search box's suggestions (decision 043) in one statement, not three to five side by side
 * (number, title per spelling, names per spelling), each a round trip on a pool connection of its
 * own. Their reads are short (0.05–0.3 ms each in the database at a million works); the socket
 * writes and reads around each would cost the server more (one statement takes a fifth less
 * server CPU a suggestion, docs/benchmarks.md).
 *
 * Works whose compact number or lower-cased title starts with what was typed are each read in
 * index order off `works_number_prefix_id` and `works_title_prefix_id` (migration 0013), or in one
 * channel off `works_channel_number_prefix` and `works_channel_title_prefix` (0014), and stopped
 * after `limit`, however common the prefix. Names are search/entities.repo.ts's parts.
 */
export function createSuggestRepo(db: Kysely<DB>) {
  const startingWith = (
    column: 'number' | 'title',
    prefix: string,
    channel: ModId | undefined,
    limit: number,
  ) => {
    // The indexed expressions, spelled as in the indexes.
    const key =
      column === 'number' ? sql`upper(regexp_replace(number, '[^A-Za-z0-9]', '', 'g'))` : sql`lower(title)`;
    // In the indexes' order (text_pattern_ops sorts by ~<~): by the collation's `<`, the planner
    // cannot read them in order and sorts every work with the prefix (70 ms at 1M). `ord` numbers
    // the few rows found in that order. The prefix as a range of keys, not a LIKE: the statement
    // is planned once for any prefix (a generic plan), and a LIKE's value is unknown then.
    const { from, to } = prefixRange(prefix);
    return sql`SELECT row_number() OVER (ORDER BY k USING ~<~, id) AS ord, id, channel, number, title FROM (
        SELECT id, channel, number, title, ${key} AS k FROM works
        WHERE NOT hidden AND ${key} ~>=~ ${from} ${to === null ? sql`` : sql`AND ${key} ~<~ ${to}`}
          ${channel === undefined ? sql`` : sql`AND channel = ${channel}`}
        ORDER BY ${key} USING ~<~, id LIMIT ${limit}) AS w`;
  };
  const works = (part: number, read: RawBuilder<unknown>) =>
    sql`SELECT ${sql.lit(part)}::int AS part, ord, NULL::text AS kind, id, channel, number AS name,
      title AS name_cn, 0 AS count, false AS exact FROM (${read}) AS w`;
  const names = (part: number, read: RawBuilder<unknown>) =>
    sql`SELECT ${sql.lit(part)}::int AS part, 0::bigint AS ord, kind, id, channel, name, name_cn, count, exact
      FROM (${read}) AS n`;

  return {
    async suggest(ask: SuggestAsk): Promise<SuggestRows> {
      const { spellings, channel, limit } = ask;
      const pairs = entityPairs(channel, ask.kinds);
      // Part 0: by number; 1…: by title, a spelling each; 100…: names, a spelling each.
      const ctes: RawBuilder<unknown>[] = pairs ? [pairs] : [];
      const parts: RawBuilder<unknown>[] = [];
      if (ask.compact !== null) parts.push(works(0, startingWith('number', ask.compact, channel, limit)));
      spellings.forEach((spelling, i) => {
        parts.push(works(1 + i, startingWith('title', spelling, channel, limit)));
        if (!pairs) return;
        const found = entityMatchParts(spelling, ask.perKind, `_${i}`);
        ctes.push(...found.ctes);
        parts.push(...found.parts.map((part) => names(100 + i, part)));
      });
      const { rows } = await sql<PartRow>`${ctes.length > 0 ? sql`WITH ${sql.join(ctes)}` : sql``}
        ${sql.join(
          parts.map((part) => sql`(${part})`),
          sql` UNION ALL `,
        )}`.execute(db);

      const workRows = (part: number): WorkSuggestionRow[] =>
        rows
          .filter((row) => row.part === part)
          .sort((a, b) => Number(a.ord) - Number(b.ord))
          .map((row) => ({ id: row.id, channel: row.channel, number: row.name, title: row.name_cn ?? '' }));
      return {
        byNumber: workRows(0),
        byTitle: spellings.map((_, i) => workRows(1 + i)),
        names: spellings.map((_, i) =>
          bestOfEachKind(
            rows
              .filter((row) => row.part === 100 + i)
              .map(({ part: _part, ord: _ord, ...row }) => row as Found),
            ask.kinds,
            ask.perKind,
          ),
        ),
      };
    },
  };
}

export type SuggestRepo = ReturnType<typeof createSuggestRepo>;
