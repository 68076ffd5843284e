import type { FollowKind } from '@yingku/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { shanghaiTime } from '../../db/site-time-sql';
import { LIST_COLUMNS, type ListRow } from '../../db/work-list-row';
import { inTransaction, type Executor } from '../../db/executor';

/** The database, or a transaction on it. */

/** Each followable kind's entity table and work links (migration 0007's `<link>_latest` index). */
const SOURCES: Record<FollowKind, { table: string; link: string }> = {
  performer: { table: 'performers', link: 'work_performers' },
  maker: { table: 'makers', link: 'work_makers' },
  series: { table: 'series', link: 'work_series' },
  director: { table: 'directors', link: 'work_directors' },
};

/**
 * Whether an entity has a list page (search/entities.repo.ts LISTED_CHANNELS): performers with
 * censored or uncensored works, makers with works in any channel, series and directors with
 * censored works. Anything else — unknown, or with no visible works there — cannot be followed.
 */
const LISTED: Record<FollowKind, string> = {
  performer: `(censored_count > 0 OR uncensored_count > 0)`,
  maker: `work_count > 0`,
  series: `channel = 1 AND work_count > 0`,
  director: `channel = 1 AND work_count > 0`,
};

/** Where the feed's reads start: above the marker (the badge) or from the top (a page). */
export interface FeedMarker {
  pubDate: string;
  workId: string;
}

/** A feed row is a work-list row. */
export type FeedWorkRow = ListRow;

/**
 * Works linked to any followed entity, each once: per followed entity and per channel it has
 * works in (entity_work_counts), the newest `perEntity` links read in order off
 * `<link>_latest`, optionally only those above `above`. The caller sorts and cuts the merge;
 * no read goes deeper than `perEntity` rows, whatever an entity's size.
 */
function feedCandidates(userId: string, perEntity: number, above: FeedMarker | null): RawBuilder<unknown> {
  const after = above
    ? sql`AND (l.pub_date, l.work_id) > (${above.pubDate}::date, ${above.workId}::bigint)`
    : sql``;
  const parts = (Object.keys(SOURCES) as FollowKind[]).map(
    (kind) => sql`
      SELECT l.work_id, l.pub_date FROM follows f
      JOIN entity_work_counts c ON c.kind = ${kind} AND c.entity_id = f.entity_id AND c.works > 0
      CROSS JOIN LATERAL (
        SELECT l.work_id, l.pub_date FROM ${sql.table(SOURCES[kind].link)} l
        WHERE l.entity_id = f.entity_id AND l.channel = c.channel AND NOT l.hidden ${after}
        ORDER BY l.pub_date DESC, l.work_id DESC LIMIT ${perEntity}) l
      WHERE f.user_id = ${userId} AND f.kind = ${kind}`,
  );
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * A member's follows, the feed of their works, and the counts kept on write (member_tallies).
 * The feed's reads go through `prepared`, planned once (decision 049): their plan is an index
 * read per followed entity whoever the member, and planning the four-way union cost more than
 * running it (PGlite served 143 feed pages a second, 470 planned once).
 */
export function createFollowsRepo({ db, prepared }: Pick<Database, 'db' | 'prepared'>) {
  return {
    /** Runs `work` in one transaction; a throw rolls every write back. */
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /** Whether the entity exists and has a list page to follow it from. */
    async isListed(kind: FollowKind, entityId: string): Promise<boolean> {
      const result = await sql`SELECT 1 FROM ${sql.table(SOURCES[kind].table)}
        WHERE id = ${entityId} AND ${sql.raw(LISTED[kind])}`.execute(db);
      return result.rows.length > 0;
    },

    /**
     * The member's tallies row, made if missing and locked for the transaction: one member's
     * writes run one after another, so parallel follows cannot pass the cap or double a count.
     */
    async lockTallies(userId: string, trx: Executor) {
      await trx
        .insertInto('member_tallies')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return trx
        .selectFrom('member_tallies')
        .selectAll()
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    async tallies(userId: string) {
      return db.selectFrom('member_tallies').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async addToFollows(userId: string, delta: 1 | -1, trx: Executor): Promise<void> {
      await trx
        .updateTable('member_tallies')
        .set({ follows: sql`GREATEST(follows + ${delta}, 0)` })
        .where('user_id', '=', userId)
        .execute();
    },

    /** True when the follow is new. */
    async insertFollow(userId: string, kind: FollowKind, entityId: string, trx: Executor) {
      const row = await trx
        .insertInto('follows')
        .values({ user_id: userId, kind, entity_id: entityId })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'entity_id']).doNothing())
        .returning('entity_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** True when there was a follow to remove. */
    async deleteFollow(userId: string, kind: FollowKind, entityId: string, trx: Executor) {
      const row = await trx
        .deleteFrom('follows')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('entity_id', '=', entityId)
        .returning('entity_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The member's follows, newest first, with each entity's names and the channel its list opens in. */
    async followed(userId: string, limit: number, offset: number) {
      const result = await sql<{
        kind: FollowKind;
        id: string;
        name: string;
        name_cn: string | null;
        channel: number;
        add_time: string;
      }>`
        SELECT f.kind, f.entity_id::text AS id,
          coalesce(p.name, m.name, s.name, d.name) AS name,
          coalesce(p.name_cn, m.name_cn, s.name_cn, d.name_cn) AS name_cn,
          CASE f.kind
            WHEN 'performer' THEN CASE WHEN p.censored_count > 0 OR p.uncensored_count = 0 THEN 1 ELSE 2 END
            WHEN 'maker' THEN m.channel ELSE 1 END AS channel,
          ${shanghaiTime('f.created_at')} AS add_time
        FROM follows f
        LEFT JOIN performers p ON f.kind = 'performer' AND p.id = f.entity_id
        LEFT JOIN makers m ON f.kind = 'maker' AND m.id = f.entity_id
        LEFT JOIN series s ON f.kind = 'series' AND s.id = f.entity_id
        LEFT JOIN directors d ON f.kind = 'director' AND d.id = f.entity_id
        WHERE f.user_id = ${userId}
        ORDER BY f.created_at DESC, f.kind, f.entity_id DESC
        LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return result.rows;
    },

    /** Every follow of the member as `kind:id` (at most the cap). */
    async followKeys(userId: string, trx: Executor = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('follows')
        .select(['kind', 'entity_id'])
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => `${row.kind}:${row.entity_id}`);
    },

    /** A page of the feed: newest first by (pub_date, work id), each work once. */
    async feed(
      userId: string,
      limit: number,
      offset: number,
      trx: Executor = prepared,
    ): Promise<FeedWorkRow[]> {
      const result = await sql<FeedWorkRow>`
        WITH top AS (
          SELECT DISTINCT work_id, pub_date FROM (${feedCandidates(userId, offset + limit, null)}) c
          ORDER BY pub_date DESC, work_id DESC LIMIT ${limit} OFFSET ${offset})
        SELECT ${LIST_COLUMNS}
        FROM top JOIN works w ON w.id = top.work_id
        ORDER BY top.pub_date DESC, top.work_id DESC`.execute(trx);
      return result.rows;
    },

    /** The feed's newest work now, or none. */
    async feedTop(userId: string, trx: Executor = db): Promise<FeedMarker | null> {
      const result = await sql<{ work_id: string; pub_date: string }>`
        SELECT work_id, pub_date FROM (${feedCandidates(userId, 1, null)}) c
        ORDER BY pub_date DESC, work_id DESC LIMIT 1`.execute(trx);
      const row = result.rows[0];
      return row ? { pubDate: row.pub_date, workId: String(row.work_id) } : null;
    },

    /** Feed works above the marker (all when there is none), counted up to `max`. */
    async countAbove(userId: string, above: FeedMarker | null, max: number): Promise<number> {
      const result = await sql<{ count: string }>`
        SELECT count(*) AS count FROM (
          SELECT DISTINCT work_id FROM (${feedCandidates(userId, max, above)}) c LIMIT ${max}) n`.execute(
        prepared,
      );
      return Number(result.rows[0]?.count ?? 0);
    },

    async setFeedSeen(userId: string, marker: FeedMarker | null, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('member_tallies')
        .set({ feed_seen_pub_date: marker?.pubDate ?? null, feed_seen_work_id: marker?.workId ?? null })
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type FollowsRepo = ReturnType<typeof createFollowsRepo>;
