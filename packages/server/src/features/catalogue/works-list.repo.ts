import type { ModId, WorkSort } from '@yingku/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { ENTITY_KINDS, type EntityKind } from '../../db/schema';
import { shapedStatement } from '../../db/shaped-statement';
import { LIST_COLUMNS, type ListRow } from '../../db/work-list-row';
import type { SearchTerm } from './search/text';

/** Where works are looked for: every part combines with AND; hidden works never show. */
export interface WorksScope {
  /** One channel, or several (an entity's own channels); none: every channel. */
  channels: ModId[];
  /** Only works published on or after this day (`YYYY-MM-DD`). */
  sinceDate?: string | undefined;
  onlyWithMagnets: boolean;
}

/** One entity a list is narrowed to. */
export interface EntityFilter {
  kind: EntityKind;
  id: string;
}

/** Everything a list may be narrowed by. */
export interface WorksFilter extends WorksScope {
  terms: SearchTerm[];
  entities: EntityFilter[];
}

/** Per channel: visible works and how many of them have magnets. */
export interface ChannelCount {
  channel: ModId;
  works: number;
  with_magnet: number;
}

/**
 * Each ranking's stored column, kept on write (decision 044): 高分推荐 (`average`) reads the
 * average only once enough ratings stand behind it, 热门评论 (`evaluates`) recent reviews.
 */
export const SORT_COLUMN = {
  pubTime: undefined,
  collect: 'collect_count',
  average: 'rank_average',
  evaluates: 'review_heat',
} as const satisfies Record<WorkSort, string | undefined>;

export const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);
export const link = (kind: EntityKind) => sql.table(ENTITY_KINDS[kind].link);

/**
 * Conditions on a row aliased `alias` of works or of a link table (same column names). With
 * `keywordsLead`, channel and date are spelled so that no index serves them: a keyword search
 * then reads only its keyword indexes, never a bitmap of a whole channel (which made the
 * bitmap lossy and cost more than the keyword itself at a million works).
 */
export function scopeConditions(scope: WorksScope, alias: string, keywordsLead = false) {
  const col = (name: string) =>
    keywordsLead ? sql`(${sql.ref(`${alias}.${name}`)} + 0)` : sql.ref(`${alias}.${name}`);
  // `NOT x.hidden`, spelled so, is what lets the planner use the partial indexes (0005, 0007).
  const parts: RawBuilder<unknown>[] = [sql`NOT ${sql.ref(`${alias}.hidden`)}`];
  // One channel of a keyword search: a literal, so the per-channel keyword indexes (0008),
  // whose predicate is this very expression, are seen to match.
  if (scope.channels.length === 1 && keywordsLead)
    parts.push(sql`${col('channel')} = ${sql.lit(scope.channels[0])}`);
  else if (scope.channels.length === 1) parts.push(sql`${col('channel')} = ${scope.channels[0]}`);
  else if (scope.channels.length > 1) parts.push(sql`${col('channel')} = ANY(${scope.channels}::smallint[])`);
  if (scope.sinceDate) parts.push(sql`${col('pub_date')} >= ${scope.sinceDate}::date`);
  if (scope.onlyWithMagnets) parts.push(sql`${sql.ref(`${alias}.has_magnet`)}`);
  return parts;
}

/** A work (by id expression) is linked to each of `entities`: probes of their primary keys. */
function linkedTo(entities: EntityFilter[], workId: RawBuilder<unknown>) {
  return entities.map(
    (e) =>
      sql`EXISTS (SELECT 1 FROM ${link(e.kind)} x WHERE x.entity_id = ${e.id} AND x.work_id = ${workId})`,
  );
}

export function orderBy(sort: WorkSort, alias: string, id: string) {
  const column = SORT_COLUMN[sort];
  const tail = sql.raw(`${alias}.pub_date DESC, ${alias}.${id} DESC`);
  return column ? sql`${sql.raw(`${alias}.${column}`)} DESC, ${tail}` : tail;
}

/**
 * The same order for one channel, led by the (constant) channel: only the channel's own index
 * gives it without a sort, so the planner cannot walk every channel's date index instead and
 * throw away the other channels' rows (which it prefers, the heap being in date order).
 */
export function channelOrderBy(scope: WorksScope, sort: WorkSort, alias: string, id: string) {
  const order = orderBy(sort, alias, id);
  return scope.channels.length === 1 ? sql`${sql.ref(`${alias}.channel`)}, ${order}` : order;
}

/** `channel` is one of the scope's channels: `=` for one, so a shaped statement takes it as a value. */
function inScopeChannels(scope: WorksScope) {
  const [first, ...rest] = scope.channels;
  if (first === undefined) return [];
  return rest.length === 0 ? [sql`channel = ${first}`] : [sql`channel = ANY(${scope.channels}::smallint[])`];
}

/**
 * Visible works in a scope: the size a search's costs are sized by, and a list's total. All
 * time, from the per-channel totals (migration 0019); within a date window, from the per-day
 * counters.
 */
export function scopeTotalQuery(scope: WorksScope) {
  const column = sql.raw(scope.onlyWithMagnets ? 'with_magnet' : 'works');
  const parts: RawBuilder<unknown>[] = [sql`true`, ...inScopeChannels(scope)];
  if (!scope.sinceDate)
    return sql<{ n: string }>`
      SELECT coalesce(sum(${column}), 0) AS n FROM catalogue_channel_counts WHERE ${and(parts)}`;
  parts.push(sql`pub_date >= ${scope.sinceDate}::date`);
  return sql<{ n: string }>`
    SELECT coalesce(sum(${column}), 0) AS n FROM catalogue_day_counts WHERE ${and(parts)}`;
}

/** An entity's link rows in a scope, aliased `l`: `FROM` it, and `AND` further conditions. */
function entityLinks(entity: EntityFilter, scope: WorksScope) {
  return sql`${link(entity.kind)} l WHERE l.entity_id = ${entity.id} AND ${and(scopeConditions(scope, 'l'))}`;
}

/**
 * One entity's visible works in a scope: all time, from its counters; within a date window, its
 * links counted off the index. A tag's window counts only the links of its first month, the
 * months after it coming from the tag's month counters (migration 0022): a tag has thousands of
 * works a year.
 */
function entityTotalQuery(entity: EntityFilter, scope: WorksScope): RawBuilder<{ n: string }> {
  const counted = sql.raw(scope.onlyWithMagnets ? 'with_magnet' : 'works');
  const channels = inScopeChannels(scope);
  if (!scope.sinceDate)
    return sql<{ n: string }>`SELECT coalesce(sum(${counted}), 0) AS n FROM entity_work_counts
      WHERE ${and([sql`kind = ${entity.kind}`, sql`entity_id = ${entity.id}`, ...channels])}`;
  const links = entityLinks(entity, scope);
  if (entity.kind !== 'tag') return sql<{ n: string }>`SELECT count(*) AS n FROM ${links}`;
  const since = scope.sinceDate;
  const months = [sql`tag_id = ${entity.id}`, ...channels, sql`month > ${since}::date`];
  return sql<{ n: string }>`SELECT
      (SELECT coalesce(sum(${counted}), 0) FROM tag_month_counts WHERE ${and(months)})
      + (SELECT count(*) FROM ${links}
          AND l.pub_date < (date_trunc('month', ${since}::timestamp) + interval '1 month')::date)
    AS n`;
}

/** A page's rows beside its total: a page past the total is one row, its columns null. */
type PageRow = { total: string } & (ListRow | { [K in keyof ListRow]: null });

/** The values a page statement takes: a scope's (those its shape has) beside the page's. */
interface PageValues {
  channel?: ModId | undefined;
  since?: string | undefined;
  limit: number;
  offset: number;
}

/** A scope of at most one channel, its values the statement's placeholders. */
function placeholderScope(
  shape: { channel: boolean; since: boolean; onlyWithMagnets: boolean },
  v: PageValues,
) {
  return {
    channels: shape.channel ? [v.channel!] : [],
    sinceDate: shape.since ? v.since! : undefined,
    onlyWithMagnets: shape.onlyWithMagnets,
  } satisfies WorksScope;
}

/**
 * A latest list or ranking, page and total in one statement (see `pageByWorks`), of one shape:
 * its sort, whether it is one channel's, within a window, with magnets only, past page one.
 */
const worksPage = shapedStatement(
  (
    shape: { sort: WorkSort; channel: boolean; since: boolean; onlyWithMagnets: boolean; byDay: boolean },
    v: PageValues,
  ) => {
    const scope = placeholderScope(shape, v);
    const parts = scopeConditions(scope, 'i');
    const column = SORT_COLUMN[shape.sort];
    const counted = sql.raw(scope.onlyWithMagnets ? 'c.with_magnet' : 'c.works');
    const days: RawBuilder<unknown>[] = [sql`c.channel = ${v.channel}`];
    if (shape.since) days.push(sql`c.pub_date >= ${v.since}::date`);
    return sql<PageRow>`
      SELECT t.n AS total, ${LIST_COLUMNS} FROM (${scopeTotalQuery(scope)}) t
      ${
        shape.byDay
          ? sql`LEFT JOIN LATERAL (
              SELECT d.pub_date AS day, d.upto - d.n AS before FROM (
                SELECT c.pub_date, ${counted} AS n, sum(${counted}) OVER (ORDER BY c.pub_date DESC) AS upto
                FROM catalogue_day_counts c WHERE ${and(days)} ORDER BY c.pub_date DESC
              ) d
              WHERE d.upto > ${v.offset} AND t.n > ${v.offset} LIMIT 1
            ) s ON true`
          : sql``
      }
      LEFT JOIN LATERAL (
        SELECT i.id, i.pub_date${sql.raw(column ? `, i.${column}` : '')} FROM works i
        WHERE ${and(parts)} AND ${shape.byDay ? sql`i.pub_date <= s.day` : sql`t.n > ${v.offset}`}
        ORDER BY ${channelOrderBy(scope, shape.sort, 'i', 'id')}
        LIMIT ${v.limit} OFFSET ${shape.byDay ? sql`${v.offset} - s.before` : v.offset}
      ) p ON true
      LEFT JOIN works w ON w.id = p.id
      ORDER BY ${orderBy(shape.sort, 'p', 'id')}`;
  },
);

/**
 * One entity's works on one channel, page and total in one statement (see `pageByLink`), of
 * one shape: the entity's kind, within a window, with magnets only.
 */
const linkPage = shapedStatement(
  (
    shape: { kind: EntityKind; since: boolean; onlyWithMagnets: boolean },
    v: PageValues & { entity: string },
  ) => {
    const scope = placeholderScope({ ...shape, channel: true }, v);
    const entity = { kind: shape.kind, id: v.entity };
    return sql<PageRow>`
      SELECT t.n AS total, ${LIST_COLUMNS} FROM (${entityTotalQuery(entity, scope)}) t
      LEFT JOIN LATERAL (
        SELECT l.work_id, l.pub_date FROM ${entityLinks(entity, scope)} AND t.n > ${v.offset}
        ORDER BY l.pub_date DESC, l.work_id DESC LIMIT ${v.limit} OFFSET ${v.offset}
      ) p ON true
      LEFT JOIN works w ON w.id = p.work_id
      ORDER BY p.pub_date DESC, p.work_id DESC`;
  },
);

/** The page's rows and the total they came with. */
function splitTotal(rows: PageRow[]): { rows: ListRow[]; total: number } {
  const total = Number(rows[0]?.total ?? 0);
  return { rows: rows.flatMap(({ total: _, ...row }) => (row.id === null ? [] : [row])), total };
}

/** The scope's one channel, if it has exactly one. */
function oneChannel(scope: WorksScope): ModId | undefined {
  return scope.channels.length === 1 ? scope.channels[0] : undefined;
}

/**
 * The works lists' reads (decision 016): each shape reads the one index made for it, on `db`;
 * the catalogue's version, a statement without values, through `prepared` (decision 049).
 */
export function createWorksListRepo({ db, prepared }: Pick<Database, 'db' | 'prepared'>) {
  const rowsOf = async (query: RawBuilder<ListRow>) => (await query.execute(db)).rows;
  const count = async (query: RawBuilder<{ n: string }>) => Number((await query.execute(db)).rows[0]?.n ?? 0);

  return {
    /**
     * Latest lists and rankings of one channel or all, page and total in one statement: the
     * total from the counters ({@link scopeTotalQuery}); the page's ids off the channel's date or
     * ranking index, index-only, then only those rows are read. A page past the total reads no
     * index at all (the comparison is a one-time filter), and the total comes back on a row of
     * nulls.
     *
     * OFFSET skips index entries one by one, so a deep page of one channel's latest list starts
     * on its day instead: the day counters, added up from the newest day, say on which day the
     * page's first work was published and how many newer works come before that day; the index
     * is read from that day, skipping only the rest. The counters move with every write, in its
     * transaction, and are read in the same snapshot as the index, so the two agree.
     *
     * Each shape reads the same index whatever the channel, window or page, so the statement
     * goes through `prepared` and is planned once per connection (decision 049), and is built
     * once per process ({@link shapedStatement}).
     */
    async pageByWorks(scope: WorksScope, sort: WorkSort, limit: number, offset: number) {
      const channel = oneChannel(scope);
      if (channel === undefined && scope.channels.length > 0)
        throw new Error('a latest list is of one channel or all');
      const shape = {
        sort,
        channel: channel !== undefined,
        since: Boolean(scope.sinceDate),
        onlyWithMagnets: scope.onlyWithMagnets,
        byDay: sort === 'pubTime' && channel !== undefined && offset > 0,
      };
      const values = { channel, since: scope.sinceDate, limit, offset };
      return splitTotal(await worksPage(prepared, shape, values));
    },

    /**
     * One entity's works on one channel, newest first, page and total in one statement through
     * `prepared`: the page off the link table's (entity, channel, date) index, gated like
     * {@link pageByWorks}; the total from {@link entityTotalQuery}. No plan depends on the values.
     */
    async pageByLink(entity: EntityFilter, scope: WorksScope, limit: number, offset: number) {
      const channel = oneChannel(scope);
      if (channel === undefined) throw new Error("an entity's page is of one channel");
      const shape = {
        kind: entity.kind,
        since: Boolean(scope.sinceDate),
        onlyWithMagnets: scope.onlyWithMagnets,
      };
      const values = { entity: entity.id, channel, since: scope.sinceDate, limit, offset };
      return splitTotal(await linkPage(prepared, shape, values));
    },

    /**
     * Works of an entity, newest first, off the link table's (entity, channel, date) index; any
     * further entities are checked per candidate by their primary keys.
     */
    async listByLink(
      driver: EntityFilter,
      others: EntityFilter[],
      scope: WorksScope,
      limit: number,
      offset: number,
    ) {
      const parts = scopeConditions(scope, 'l');
      const id = sql.ref('l.work_id');
      return rowsOf(sql<ListRow>`
        SELECT ${LIST_COLUMNS} FROM (
          SELECT l.work_id, l.pub_date FROM ${link(driver.kind)} l
          WHERE l.entity_id = ${driver.id} AND ${and([...parts, ...linkedTo(others, id)])}
          ORDER BY l.pub_date DESC, l.work_id DESC LIMIT ${limit} OFFSET ${offset}
        ) p JOIN works w ON w.id = p.work_id
        ORDER BY p.pub_date DESC, p.work_id DESC`);
    },

    /** One entity's visible works in a scope (its list's total in any order, over any channels). */
    async entityTotal(entity: EntityFilter, scope: WorksScope) {
      return count(entityTotalQuery(entity, scope));
    },

    /**
     * Links of one entity in a scope that are linked to each of `others` too, each candidate
     * probed, counted off the entity's index up to `cap`.
     */
    async countLinks(driver: EntityFilter, others: EntityFilter[], scope: WorksScope, cap: number) {
      const id = sql.ref('l.work_id');
      return count(sql<{ n: string }>`
        SELECT count(*) AS n FROM (
          SELECT 1 FROM ${entityLinks(driver, scope)} AND ${and(linkedTo(others, id))} LIMIT ${cap}) x`);
    },

    /** Visible works in a scope, from the channel or day counters. */
    async scopeTotal(scope: WorksScope) {
      return count(scopeTotalQuery(scope));
    },

    /** The catalogue's version, moved by every write a search could see (migration 0020). */
    async catalogueVersion(): Promise<string> {
      const { rows } = await sql<{ version: string }>`SELECT version FROM catalogue_version`.execute(
        prepared,
      );
      return rows[0]?.version ?? '0';
    },

    /** Per-channel counts of each entity (one row per entity and channel it has works in). */
    async entityChannelCounts(entities: EntityFilter[]) {
      const result = await sql<ChannelCount & { kind: EntityKind; entity_id: string }>`
        SELECT kind, entity_id, channel, works, with_magnet FROM entity_work_counts
        WHERE (kind, entity_id) IN (${sql.join(entities.map((e) => sql`(${e.kind}, ${e.id}::bigint)`))})
          AND works > 0`.execute(db);
      return result.rows;
    },
  };
}

export type WorksListRepo = ReturnType<typeof createWorksListRepo>;
