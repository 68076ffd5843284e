import {
  FOLLOW_LIMITS,
  type FollowedEntity,
  type FollowKind,
  MOD_NAME,
  type ModId,
  SERVER_MSG,
  WORK_MARKS,
  type WorkMark,
} from '@yingku/contract';
import type { Database } from '../../db/connection';
import { badRequest, notFound } from '../../http/errors';
import { pageOffset } from '../../http/paging';
import { toListItem } from '../../db/work-list-row';
import { createFollowsRepo, type FeedMarker } from './follows.repo';
import { createMarksRepo, MARK_CODE } from './marks.repo';

const markName = (code: number | null): WorkMark | null =>
  WORK_MARKS.find((m) => MARK_CODE[m] === code) ?? null;

/**
 * Follows, the feed of followed entities' works and 想看 / 看过 marks (decision 045).
 * Every method takes the caller's id from the access token; nothing reads another member's rows.
 * A member's writes lock its member_tallies row, whose counts are kept on write.
 */
export function createFollowsService(database: Pick<Database, 'db' | 'prepared'>) {
  const { db } = database;
  const follows = createFollowsRepo(database);
  const marks = createMarksRepo(db);

  const markerOf = (
    row: { feed_seen_pub_date: string | null; feed_seen_work_id: string | null } | undefined,
  ) =>
    row?.feed_seen_pub_date && row.feed_seen_work_id
      ? { pubDate: row.feed_seen_pub_date, workId: row.feed_seen_work_id }
      : null;

  return {
    /**
     * Follows (status 0) or unfollows (status 9) an entity with a list page. Repeats, parallel
     * ones too, change nothing; past FOLLOW_LIMITS.followsPerMember a follow is a 400. An entity no
     * longer listed can still be unfollowed. A member's first follow sets the feed's marker at its
     * top, so the badge counts what arrives after, not a whole back catalogue.
     */
    async follow(userId: string, kind: FollowKind, entityId: string, status: number) {
      const follow = status === 0;
      const listed = await follows.isListed(kind, entityId);
      if (follow && !listed) throw notFound(SERVER_MSG.entityNotFound);
      return follows.inTransaction(async (trx) => {
        const tallies = await follows.lockTallies(userId, trx);
        if (!follow) {
          const removed = await follows.deleteFollow(userId, kind, entityId, trx);
          if (removed) await follows.addToFollows(userId, -1, trx);
          else if (!listed) throw notFound(SERVER_MSG.entityNotFound);
          return { followed: false };
        }
        if (tallies.follows >= FOLLOW_LIMITS.followsPerMember) {
          // A repeat of a follow already held is still an idempotent yes at the cap.
          if ((await follows.followKeys(userId, trx)).includes(`${kind}:${entityId}`))
            return { followed: true };
          throw badRequest(SERVER_MSG.tooManyFollows);
        }
        if (await follows.insertFollow(userId, kind, entityId, trx)) {
          await follows.addToFollows(userId, 1, trx);
          if (tallies.follows === 0 && !markerOf(tallies)) {
            await follows.setFeedSeen(userId, await follows.feedTop(userId, trx), trx);
          }
        }
        return { followed: true };
      });
    },

    /** The member's follows, newest first; `total` is the count kept on write. */
    async followed(userId: string, pageNum: number, pageSize: number) {
      const [rows, tallies] = await Promise.all([
        follows.followed(userId, pageSize, pageOffset(pageNum, pageSize)),
        follows.tallies(userId),
      ]);
      return {
        rows: rows.map((row): FollowedEntity => ({
          kind: row.kind,
          id: row.id,
          name: row.name,
          nameCn: row.name_cn,
          modName: MOD_NAME[row.channel as ModId],
          addTime: row.add_time,
        })),
        total: tallies?.follows ?? 0,
      };
    },

    followKeys: (userId: string) => follows.followKeys(userId),

    /**
     * A page of the feed, newest first, at most FOLLOW_LIMITS.feedDepth works deep. `total` is the
     * works up to this page and one more while more exist: the feed is never counted whole.
     */
    async feed(userId: string, pageNum: number, pageSize: number) {
      const offset = pageOffset(pageNum, pageSize);
      const limit = Math.min(pageSize + 1, FOLLOW_LIMITS.feedDepth - offset);
      if (limit <= 0) return { rows: [], total: FOLLOW_LIMITS.feedDepth };
      const rows = await follows.feed(userId, limit, offset);
      const more = rows.length > pageSize;
      const page = rows.slice(0, pageSize);
      return {
        rows: page.map((row) => ({ ...toListItem(row), addTime: row.pub_date })),
        total: Math.min(offset + page.length + (more ? 1 : 0), FOLLOW_LIMITS.feedDepth),
      };
    },

    /** Works new in the feed since the last visit, up to FOLLOW_LIMITS.feedNewMax. */
    async feedNew(userId: string): Promise<{ count: number }> {
      const tallies = await follows.tallies(userId);
      if (!tallies || tallies.follows === 0) return { count: 0 };
      return { count: await follows.countAbove(userId, markerOf(tallies), FOLLOW_LIMITS.feedNewMax) };
    },

    /** A visit to the feed: its top now is what the member has seen. */
    async feedSeen(userId: string): Promise<{ count: number }> {
      await follows.inTransaction(async (trx) => {
        await follows.lockTallies(userId, trx);
        const top: FeedMarker | null = await follows.feedTop(userId, trx);
        if (top) await follows.setFeedSeen(userId, top, trx);
      });
      return { count: 0 };
    },

    /**
     * Sets the member's mark on a work: 想看, 看过, or none. One mark per work; a new one
     * replaces the old. The tallies move only when a mark really changes.
     */
    async mark(userId: string, workId: string, mark: WorkMark | 'none') {
      if (!(await marks.workExists(workId))) throw notFound(SERVER_MSG.workNotFound);
      const code = mark === 'none' ? null : MARK_CODE[mark];
      await follows.inTransaction(async (trx) => {
        await follows.lockTallies(userId, trx);
        const before = await marks.markOf(userId, workId, trx);
        if (before === code) return;
        if (code === null) await marks.deleteMark(userId, workId, trx);
        else {
          await marks.upsertMark(userId, workId, code, trx);
          await marks.addToTally(userId, code, 1, trx);
        }
        if (before !== null) await marks.addToTally(userId, before, -1, trx);
      });
      return { mark: markName(code) };
    },

    async markOf(userId: string, workId: string) {
      if (!(await marks.workExists(workId))) throw notFound(SERVER_MSG.workNotFound);
      return { mark: markName(await marks.markOf(userId, workId)) };
    },

    /** The member's 想看 or 看过 works, newest mark first; `total` is the count kept on write. */
    async markedWorks(userId: string, mark: WorkMark, pageNum: number, pageSize: number) {
      const code = MARK_CODE[mark];
      const [rows, tallies] = await Promise.all([
        marks.markedWorks(userId, code, pageSize, pageOffset(pageNum, pageSize)),
        follows.tallies(userId),
      ]);
      return {
        rows: rows.map((row) => ({ ...toListItem(row), addTime: row.add_time })),
        total: (mark === 'want' ? tallies?.wants : tallies?.watched) ?? 0,
      };
    },

    /** The newest FOLLOW_LIMITS.watchedIdsMax 看过 work ids (the client hides them from lists). */
    watchedIds: (userId: string) => marks.markedIds(userId, MARK_CODE.watched, FOLLOW_LIMITS.watchedIdsMax),
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
