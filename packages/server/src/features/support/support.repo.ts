import { type Kysely, sql } from 'kysely';
import { lockKey } from '../../db/locks';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../db/site-time-sql';
import { inTransaction, type Executor } from '../../db/executor';

/** A thread as the lists show it (times as Asia/Shanghai text). */
export interface ThreadRecord {
  id: string;
  userId: string;
  userName: string;
  message: string;
  status: number;
  unread: boolean;
  createTime: string;
  updateTime: string;
}

/** A thread row as a write sees it under its lock. */
export interface LockedThread {
  id: string;
  userId: string;
  status: number;
}

/** An entry of a conversation; `authorName`: who wrote it (null once that user is gone). */
export interface EntryRecord {
  message: string;
  type: number;
  createTime: string;
  authorName: string | null;
}

/** What a change of a locked thread sets; `updated_at` always moves to now. */
export interface ThreadChange {
  status?: number;
  unread?: boolean;
}

/** Which threads an inbox page takes: one status, or all with those awaiting a reply first. */
export interface InboxFilter {
  status?: number;
  /** The status of threads waiting on customer service, listed oldest first. */
  awaiting: number;
  limit: number;
  offset: number;
}

const THREAD_COLUMNS = [
  't.id',
  't.user_id as userId',
  'u.user_name as userName',
  't.message',
  't.status',
  't.unread',
  shanghaiTime('t.created_at').as('createTime'),
  shanghaiTime('t.updated_at').as('updateTime'),
] as const;

/** Customer-service threads and their entries: the SQL, and the row lock every write takes. */
export function createSupportRepo(db: Kysely<DB>) {
  const threads = (q: Kysely<DB> = db) =>
    q.selectFrom('support_threads as t').innerJoin('users as u', 'u.id', 't.user_id');

  return {
    /** Runs `work` in one transaction (a thread's writes lock it first, see {@link lockThread}). */
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /**
     * Serializes the user's new threads on every server until `trx` ends, and answers how many
     * threads they opened in the last `minutes`.
     */
    async lockAndCountNewThreads(userId: string, minutes: number, trx: Executor): Promise<number> {
      await lockKey('support:new', userId, trx);
      const { recent } = await trx
        .selectFrom('support_threads')
        .select((eb) => eb.fn.countAll<string>().as('recent'))
        .where('user_id', '=', userId)
        .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
        .executeTakeFirstOrThrow();
      return Number(recent);
    },

    /** A new thread with its first question as its first entry; answers the thread's id. */
    async insertThread(
      thread: { userId: string; message: string; status: number; entryType: number },
      trx: Executor,
    ): Promise<string> {
      const { id } = await trx
        .insertInto('support_threads')
        .values({ user_id: thread.userId, message: thread.message, status: thread.status })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('support_entries')
        .values({ thread_id: id, type: thread.entryType, author_id: thread.userId, message: thread.message })
        .execute();
      return id;
    },

    /**
     * Locks the thread row until the transaction ends (SELECT … FOR UPDATE), only when it
     * belongs to `userId` (when given): a follow-up, a reply and a close of one thread, however
     * they race, decide and change it one after another.
     */
    lockThread(id: string, userId: string | undefined, trx: Executor): Promise<LockedThread | undefined> {
      let query = trx
        .selectFrom('support_threads')
        .select(['id', 'user_id as userId', 'status'])
        .where('id', '=', id);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      return query.forUpdate().executeTakeFirst();
    },

    async insertEntry(
      entry: { threadId: string; type: number; authorId: string; message: string },
      trx: Executor,
    ): Promise<void> {
      await trx
        .insertInto('support_entries')
        .values({
          thread_id: entry.threadId,
          type: entry.type,
          author_id: entry.authorId,
          message: entry.message,
        })
        .execute();
    },

    /** Changes a locked thread and stamps its activity time. */
    async updateThread(id: string, change: ThreadChange, trx: Executor): Promise<void> {
      await trx
        .updateTable('support_threads')
        .set({ ...change, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** The thread, only when it belongs to `userId` (when given); `q` reads inside a transaction. */
    findThread(id: string, userId?: string, q: Kysely<DB> = db): Promise<ThreadRecord | undefined> {
      let query = threads(q).select(THREAD_COLUMNS).where('t.id', '=', id);
      if (userId !== undefined) query = query.where('t.user_id', '=', userId);
      return query.executeTakeFirst();
    },

    /** Marks a new reply seen; nothing when there was none. */
    async clearUnread(id: string, userId: string): Promise<void> {
      await db
        .updateTable('support_threads')
        .set({ unread: false })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('unread', '=', true)
        .execute();
    },

    /** The conversation of a thread, oldest first. */
    entries(threadId: string): Promise<EntryRecord[]> {
      return db
        .selectFrom('support_entries as e')
        .leftJoin('users as a', 'a.id', 'e.author_id')
        .select([
          'e.message',
          'e.type',
          shanghaiTime('e.created_at').as('createTime'),
          'a.user_name as authorName',
        ])
        .where('e.thread_id', '=', threadId)
        .orderBy('e.id')
        .execute();
    },

    /** The user's threads, newest activity first, and how many there are. */
    async userThreads(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: ThreadRecord[]; total: number }> {
      const [rows, count] = await Promise.all([
        threads()
          .select(THREAD_COLUMNS)
          .where('t.user_id', '=', userId)
          .orderBy('t.updated_at', 'desc')
          .orderBy('t.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('support_threads')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * An inbox page: threads awaiting a reply first, the longest waiting at the top; then the
     * others, newest activity first.
     */
    async inbox({
      status,
      awaiting,
      limit,
      offset,
    }: InboxFilter): Promise<{ rows: ThreadRecord[]; total: number }> {
      const waiting = sql<boolean>`t.status = ${awaiting}`;
      let page = threads()
        .select(THREAD_COLUMNS)
        .orderBy(sql`CASE WHEN ${waiting} THEN 0 ELSE 1 END`)
        .orderBy(sql`CASE WHEN ${waiting} THEN t.updated_at END`, 'asc')
        .orderBy(sql`CASE WHEN ${waiting} THEN t.id END`, 'asc')
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset);
      let count = db.selectFrom('support_threads as t').select((eb) => eb.fn.countAll<string>().as('n'));
      if (status !== undefined) {
        page = page.where('t.status', '=', status);
        count = count.where('t.status', '=', status);
      }
      const [rows, counted] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
      return { rows, total: Number(counted.n) };
    },
  };
}

export type SupportRepo = ReturnType<typeof createSupportRepo>;
