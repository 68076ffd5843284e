import { MOD_ID, type WorkSort } from '@yingku/contract';
import { sql } from 'kysely';
import type { Database } from '../../../db/connection';
import { likeContains, likePrefix } from '../../../db/like';
import type { SearchTerm } from './text';
import { LIST_COLUMNS, type ListRow } from '../../../db/work-list-row';
import {
  and,
  type ChannelCount,
  channelOrderBy,
  type EntityFilter,
  link,
  orderBy,
  scopeConditions,
  SORT_COLUMN,
  type WorksFilter,
} from '../works-list.repo';

/**
 * A search's matches gathered from their indexes, at most `cap` of them (none: all), with their
 * count (exact when below `cap`) and the page of `limit` rows after `offset` among them.
 */
export interface GatherRead {
  filter: WorksFilter;
  sort: WorkSort;
  limit: number;
  offset: number;
  cap?: number | undefined;
}

/** The first `budget` works of the scope in list order, checked one by one: the first `limit` matches. */
export interface WalkRead {
  filter: WorksFilter;
  sort: WorkSort;
  limit: number;
  budget: number;
  /** Say how many works of the scope were read when the walk stopped at its `limit`-th match. */
  measured?: boolean;
}

/** What a gathering found: the count of its matches (up to the cap) and the page. */
export interface Gathered {
  total: number;
  rows: ListRow[];
}

/**
 * What a walk found: the first matches in list order, and, for a measured walk that stopped at
 * its `limit`-th match, how many works of the scope it read to reach it.
 */
export interface Walked {
  rows: ListRow[];
  read?: number;
}

/** Works `w` linked to each of `entities`, as semi-joins the planner may start from. */
function inLinks(entities: EntityFilter[]) {
  return entities.map(
    (e) =>
      sql`w.id IN (SELECT x.work_id FROM ${link(e.kind)} x WHERE x.entity_id = ${e.id} AND NOT x.hidden)`,
  );
}

/** A term's match on works `w`: a title gram or trigram, or the number key. */
function termMatch(term: SearchTerm) {
  if (term.numberOnly && term.numberKey) return sql`w.number_key = ${term.numberKey}`;
  const alternatives = [
    term.titleMatch === 'grams'
      ? sql`w.title_grams @> ARRAY[${term.text}]::text[]`
      : sql`w.search_text LIKE ${likeContains(term.text)}`,
  ];
  if (term.numberKey) alternatives.push(sql`w.number_key = ${term.numberKey}`);
  if (term.numberPrefix) alternatives.push(sql`w.number_key LIKE ${likePrefix(term.numberPrefix)}`);
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}

/** The keyword and entity conditions of a search (or any other mix) on works `w`. */
function matchConditions(filter: WorksFilter) {
  return [...filter.terms.map(termMatch), ...inLinks(filter.entities)];
}

/**
 * What a walk along the order reads of each work: what its terms match and where it sorts, all
 * of it in the walk indexes (0009), so the walk reads no table rows until the page's own.
 */
function walkColumns(sort: WorkSort) {
  const column = SORT_COLUMN[sort];
  return sql.raw(
    `w.id, w.pub_date, w.number_key, w.search_text, w.title_grams${column ? `, w.${column}` : ''}`,
  );
}

/**
 * A keyword search along the list's own order: the first `budget` works of the scope come off
 * the date (or ranking) index and are checked one by one — what a common word needs. Answers the
 * first `limit` matches.
 *
 * The budget is taken in the index's order, so the matches come out in it and the outer `LIMIT`
 * stops the index scan at the `limit`-th match: a common word reads only as far as its page (and
 * the look-ahead) needs, not the whole budget, and nothing is sorted. The rows are not numbered:
 * a window function over the walk costs as much as the walk itself (decision 016); `positionQuery`
 * counts how far a measured walk went, once.
 */
export function walkQuery({ filter, sort, limit, budget }: WalkRead) {
  const parts = scopeConditions(filter, 'w');
  const column = SORT_COLUMN[sort];
  return sql<ListRow>`
    SELECT ${LIST_COLUMNS} FROM (
      SELECT w.id, w.pub_date${sql.raw(column ? `, w.${column}` : '')} FROM (
        SELECT ${walkColumns(sort)} FROM works w WHERE ${and(parts)}
        ORDER BY ${channelOrderBy(filter, sort, 'w', 'id')} LIMIT ${budget}
      ) w WHERE ${and(matchConditions(filter))}
      ORDER BY ${orderBy(sort, 'w', 'id')} LIMIT ${limit}
    ) m JOIN works w ON w.id = m.id
    ORDER BY ${orderBy(sort, 'm', 'id')}`;
}

/**
 * Where a work stands in the scope's list order: how many works of the scope come before it, and
 * it. Counted channel by channel along each channel's own index from the work's sort values
 * (read again by its id), so the count reads about as many entries as the walk did, whatever
 * the order: no one index orders every channel by a ranking.
 */
export function positionQuery(filter: WorksFilter, sort: WorkSort, workId: string) {
  const column = SORT_COLUMN[sort];
  const keys = (alias: string) =>
    sql.raw(`${column ? `${alias}.${column}, ` : ''}${alias}.pub_date, ${alias}.id`);
  const channels = filter.channels.length > 0 ? filter.channels : Object.values(MOD_ID);
  const counts = channels.map(
    (channel) => sql`(SELECT count(*) FROM works w
      WHERE ${and(scopeConditions({ ...filter, channels: [channel] }, 'w'))}
      AND ROW(${keys('w')}) >= ROW(${keys('l')}))`,
  );
  return sql<{ n: string }>`
    SELECT ${sql.join(counts, sql` + `)} AS n FROM (SELECT ${keys('x')} FROM works x WHERE x.id = ${workId}) l`;
}

/**
 * A search's matches gathered from their indexes, in one statement. The CTEs are MATERIALIZED so
 * the planner cannot trade the index reads for a walk of the date index (which PGlite otherwise
 * picks, DESIGN.md), and `cap` stops the gathering early.
 */
export function gatherQuery({ filter, sort, limit, offset, cap }: GatherRead) {
  const column = SORT_COLUMN[sort];
  return sql<{ total: string } & (ListRow | { [K in keyof ListRow]: null })>`
    WITH m AS MATERIALIZED (
      SELECT w.id, w.pub_date${sql.raw(column ? `, w.${column}` : '')} FROM works w
      WHERE ${and([...scopeConditions(filter, 'w', true), ...matchConditions(filter)])}
    ), f AS MATERIALIZED (SELECT * FROM m ${cap === undefined ? sql`` : sql`LIMIT ${cap}`}),
    p AS (SELECT * FROM f ORDER BY ${orderBy(sort, 'f', 'id')} LIMIT ${limit} OFFSET ${offset})
    SELECT t.total, ${LIST_COLUMNS} FROM (SELECT count(*) AS total FROM f) t
    LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
    ORDER BY ${orderBy(sort, 'p', 'id')}`;
}

/** Per-channel counts of the works whose title holds each 1–2 character gram (none: no rows). */
export function gramsCountsQuery(grams: string[]) {
  return sql<ChannelCount & { gram: string }>`
    SELECT gram, channel, works, with_magnet FROM title_gram_counts
    WHERE gram = ANY(${grams}::text[]) AND works > 0`;
}

/** Whether every term is a whole number read by its key alone: one plan fits any number. */
const byNumberKeyAlone = (filter: WorksFilter) =>
  filter.terms.length > 0 && filter.terms.every((t) => t.numberOnly && t.numberKey);

/**
 * The keyword searches' reads (decision 016): the statements a search plan is made of. They run
 * on `db`, planned for their values (the width of a word decides the plan), except a gathering by
 * number keys alone, whose plan is the key index's whatever the number: it goes through
 * `prepared`, planned once (decision 049).
 */
export function createWorksSearchRepo({ db, prepared }: Pick<Database, 'db' | 'prepared'>) {
  return {
    /** Fewer matches than `limit` means the budget ran out (or the matches did). */
    async listAlongOrder(read: WalkRead): Promise<Walked> {
      const { rows } = await walkQuery(read).execute(db);
      const last = rows.at(-1);
      if (!read.measured || !last || rows.length < read.limit) return { rows };
      const position = await positionQuery(read.filter, read.sort, last.id).execute(db);
      return { rows, read: Number(position.rows[0]!.n) };
    },

    async searchGathered(read: GatherRead): Promise<Gathered> {
      const result = await gatherQuery(read).execute(byNumberKeyAlone(read.filter) ? prepared : db);
      const rows = result.rows.filter((r): r is { total: string } & ListRow => r.id !== null);
      return { total: Number(result.rows[0]?.total ?? 0), rows: rows.map(({ total: _, ...row }) => row) };
    },

    async gramsCounts(grams: string[]) {
      return (await gramsCountsQuery(grams).execute(db)).rows;
    },
  };
}

export type WorksSearchRepo = ReturnType<typeof createWorksSearchRepo>;
