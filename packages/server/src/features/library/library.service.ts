import { type CopyQuota, LIKE_STATUS, LIMITS, SERVER_MSG } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { notFound } from '../../http/errors';
import { todayInShanghai } from '../../lib/site-time';
import { createCollectService, toLibraryWork } from './collect.service';
import { createCopiesRepo } from './copies.repo';
import { createLibraryRepo } from './library.repo';
import { pageOffset } from '../../http/paging';

/** Levels above this one are VIP (docs/product.md §6). */
const MEMBER_LEVEL = 1;

/**
 * A user's personal library: likes, collect folders (see collect.service.ts), the detail page's
 * flags, and the daily copy count. Every method takes the caller's id from the access token;
 * nothing here reads or writes another user's rows.
 */
export function createLibraryService(
  db: Kysely<DB>,
  shareSecret: string,
  today: () => string = todayInShanghai,
) {
  const library = createLibraryRepo(db);
  const copies = createCopiesRepo(db);

  return {
    ...createCollectService(db, shareSecret),

    /** 注销账号: the member's likes, folders and copy counts go, and the counters they fed drop. */
    forgetMember: (userId: string, trx: Executor) => library.forgetMember(userId, trx),

    /**
     * Likes (status 0) or unlikes (status 9) a work; repeats change nothing. works.like_count
     * moves only when a like row really appears or disappears.
     */
    async like(userId: string, workId: string, status: number): Promise<{ like: boolean }> {
      if (!(await library.workExists(workId))) throw notFound(SERVER_MSG.workNotFound);
      const like = status === LIKE_STATUS.like;
      await library.inTransaction(async (trx) => {
        const changed = like
          ? await library.insertLike(userId, workId, trx)
          : await library.deleteLike(userId, workId, trx);
        if (changed) await library.addToLikeCount(workId, like ? 1 : -1, trx);
      });
      return { like };
    },

    /** The user's liked works, newest like first. */
    async likedWorks(userId: string, pageNum: number, pageSize: number) {
      const { rows, total } = await library.likedWorks(userId, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map(toLibraryWork), total };
    },

    /** The detail page's per-user flags; kept out of the cached catalogue answer. */
    workFlags: (userId: string, workId: string) => library.workFlags(userId, workId),

    /**
     * Records one magnet copy today (Asia/Shanghai). A non-VIP at the daily cap is answered
     * `allowed: false` and the count stays; VIP copies are counted without a cap.
     */
    async recordCopy(caller: Caller): Promise<CopyQuota> {
      const day = today();
      if (caller.levelId > MEMBER_LEVEL) {
        const count = await copies.recordCopy(caller.userId, day, null);
        return { allowed: true, count: count ?? 0, limit: null };
      }
      const limit = LIMITS.memberCopiesPerDay;
      const count = await copies.recordCopy(caller.userId, day, limit);
      if (count !== null) return { allowed: true, count, limit };
      return { allowed: false, count: await copies.copiesOn(caller.userId, day), limit };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
