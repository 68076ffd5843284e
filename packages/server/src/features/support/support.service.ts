import {
  type ConversationEntry,
  ENTRY_TYPE,
  MESSAGE_STATUS,
  type MessageThread,
  SERVER_MSG,
  type StaffConversation,
  type StaffThread,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { StaffCaller } from '../../http/auth';
import type { AuditRecorder } from '../staff-audit/audit.service';
import { badRequest, notFound, tooManyRequests } from '../../http/errors';
import { createSupportRepo, type LockedThread, type ThreadRecord } from './support.repo';
import { pageOffset } from '../../http/paging';
import { type Executor } from '../../db/executor';

/**
 * New threads one member may open in a window: a real question or a few, not a flood of the
 * staff's inbox (follow-ups go into an open thread and are not counted).
 */
export const NEW_THREAD_QUOTA = { max: 5, minutes: 10 } as const;

/** A page of a thread list. */
export interface ThreadPage<T> {
  rows: T[];
  total: number;
}

/**
 * Customer service: users' questions, follow-ups and closes of their own threads, and staff's
 * inbox, replies and closes. A thread of another user is "not found" to a user, never
 * "forbidden", so ids reveal nothing. Every write locks the thread row first, so a follow-up,
 * a reply and a close racing on one thread end in one consistent order (PostgreSQL row locks).
 */
export interface SupportDeps {
  db: Kysely<DB>;
  /** The audit entry of a console change (features/staff-audit). */
  audit?: AuditRecorder;
}

export function createSupportService({ db, audit }: SupportDeps) {
  const repo = createSupportRepo(db);

  /** Locks the thread (the user's own when `userId` is given), or 404. */
  async function lockOpen(id: string, userId: string | undefined, trx: Executor): Promise<LockedThread> {
    const thread = await lockOrNotFound(id, userId, trx);
    if (thread.status === MESSAGE_STATUS.closed) throw badRequest(SERVER_MSG.threadClosed);
    return thread;
  }

  async function lockOrNotFound(
    id: string,
    userId: string | undefined,
    trx: Executor,
  ): Promise<LockedThread> {
    const thread = await repo.lockThread(id, userId, trx);
    if (!thread) throw notFound(SERVER_MSG.threadNotFound);
    return thread;
  }

  /** The thread as it stands inside the transaction that just changed it. */
  async function current(id: string, trx: Executor): Promise<ThreadRecord> {
    const thread = await repo.findThread(id, undefined, trx);
    if (!thread) throw notFound(SERVER_MSG.threadNotFound);
    return thread;
  }

  return {
    /** A new thread awaiting a reply, its question as the first entry; 429 past the quota. */
    async ask(userId: string, message: string): Promise<MessageThread> {
      const thread = await repo.inTransaction(async (trx) => {
        const recent = await repo.lockAndCountNewThreads(userId, NEW_THREAD_QUOTA.minutes, trx);
        if (recent >= NEW_THREAD_QUOTA.max) throw tooManyRequests(SERVER_MSG.threadsTooFrequent);
        const id = await repo.insertThread(
          { userId, message, status: MESSAGE_STATUS.awaiting, entryType: ENTRY_TYPE.user },
          trx,
        );
        return current(id, trx);
      });
      return toMessageThread(thread);
    },

    /**
     * A follow-up in the user's own open thread: it waits on customer service again. Writing
     * happens in the open conversation, so a reply not yet marked seen is seen now.
     */
    async followUp(userId: string, threadId: string, message: string): Promise<MessageThread> {
      const thread = await repo.inTransaction(async (trx) => {
        await lockOpen(threadId, userId, trx);
        await repo.insertEntry({ threadId, type: ENTRY_TYPE.user, authorId: userId, message }, trx);
        await repo.updateThread(threadId, { status: MESSAGE_STATUS.awaiting, unread: false }, trx);
        return current(threadId, trx);
      });
      return toMessageThread(thread);
    },

    async userThreads(userId: string, pageNum: number, pageSize: number): Promise<ThreadPage<MessageThread>> {
      const { rows, total } = await repo.userThreads(userId, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map(toMessageThread), total };
    },

    /**
     * The user's own conversation, oldest first; opening it marks a new reply seen. The mark is
     * cleared before the entries are read, so a reply landing in between is shown or stays new.
     */
    async conversation(userId: string, threadId: string): Promise<ConversationEntry[]> {
      const thread = await repo.findThread(threadId, userId);
      if (!thread) throw notFound(SERVER_MSG.threadNotFound);
      if (thread.unread) await repo.clearUnread(threadId, userId);
      const entries = await repo.entries(threadId);
      return entries.map(({ message, type, createTime }) => ({ message, type, createTime }));
    },

    /** Closes the user's own thread (idempotent: closing a closed one changes nothing). */
    async close(userId: string, threadId: string): Promise<MessageThread> {
      const thread = await repo.inTransaction(async (trx) => {
        const locked = await lockOrNotFound(threadId, userId, trx);
        if (locked.status !== MESSAGE_STATUS.closed) {
          await repo.updateThread(threadId, { status: MESSAGE_STATUS.closed, unread: false }, trx);
        }
        return current(threadId, trx);
      });
      return toMessageThread(thread);
    },

    /** The staff inbox (see {@link createSupportRepo} inbox for the order). */
    async inbox(
      status: number | undefined,
      pageNum: number,
      pageSize: number,
    ): Promise<ThreadPage<StaffThread>> {
      const { rows, total } = await repo.inbox({
        status,
        awaiting: MESSAGE_STATUS.awaiting,
        limit: pageSize,
        offset: pageOffset(pageNum, pageSize),
      });
      return { rows: rows.map(toStaffThread), total };
    },

    /** Any thread and its conversation, for staff; the user's new-reply mark is left alone. */
    async staffConversation(threadId: string): Promise<StaffConversation> {
      const thread = await repo.findThread(threadId);
      if (!thread) throw notFound(SERVER_MSG.threadNotFound);
      const entries = await repo.entries(threadId);
      return {
        thread: toStaffThread(thread),
        entries: entries.map((e) => ({
          ...e,
          authorName: e.type === ENTRY_TYPE.staff ? e.authorName : null,
        })),
      };
    },

    /** Customer service's answer in an open thread: the user sees 1 new reply. */
    async reply(staff: StaffCaller, threadId: string, message: string): Promise<StaffThread> {
      const thread = await repo.inTransaction(async (trx) => {
        const locked = await lockOpen(threadId, undefined, trx);
        await repo.insertEntry({ threadId, type: ENTRY_TYPE.staff, authorId: staff.userId, message }, trx);
        await repo.updateThread(threadId, { status: MESSAGE_STATUS.replied, unread: true }, trx);
        // The reply's text stays in the thread (the member's to delete), not in the log.
        await audit?.(
          staff,
          {
            action: 'support.reply',
            objectType: 'thread',
            objectId: threadId,
            before: { status: locked.status },
            after: { status: MESSAGE_STATUS.replied, replyLength: message.length },
          },
          trx,
        );
        return current(threadId, trx);
      });
      return toStaffThread(thread);
    },

    /** Staff close a thread (idempotent); a reply the user has not opened stays marked new. */
    async staffClose(staff: StaffCaller, threadId: string): Promise<StaffThread> {
      const thread = await repo.inTransaction(async (trx) => {
        const locked = await lockOrNotFound(threadId, undefined, trx);
        if (locked.status !== MESSAGE_STATUS.closed) {
          await repo.updateThread(threadId, { status: MESSAGE_STATUS.closed }, trx);
          await audit?.(
            staff,
            {
              action: 'support.close',
              objectType: 'thread',
              objectId: threadId,
              before: { status: locked.status },
              after: { status: MESSAGE_STATUS.closed },
            },
            trx,
          );
        }
        return current(threadId, trx);
      });
      return toStaffThread(thread);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

function toMessageThread(t: ThreadRecord): MessageThread {
  return {
    id: t.id,
    message: t.message,
    status: t.status,
    unread: t.unread,
    createTime: t.createTime,
    updateTime: t.updateTime,
  };
}

function toStaffThread(t: ThreadRecord): StaffThread {
  return { ...toMessageThread(t), userId: t.userId, userName: t.userName };
}
