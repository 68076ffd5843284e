import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type Executor, inTransaction } from '../../db/executor';
import { shanghaiTime, shanghaiTimeOrNull } from '../../db/site-time-sql';

/** A cloud-download request with its work and people (times as Asia/Shanghai text). */
export interface DownloadRecord {
  id: string;
  userId: string;
  userName: string;
  workId: string;
  /** The work's channel. */
  modId: number;
  number: string;
  title: string;
  url: string;
  status: number;
  createTime: string;
  doneTime: string | null;
  /** The user name of the staff member who marked it done (null while requested, or once gone). */
  doneBy: string | null;
}

/** One page of requests and how many there are in all. */
export interface DownloadPage {
  rows: DownloadRecord[];
  total: number;
}

/** Which requests a user's page takes: theirs, of visible works, optionally of one work. */
export interface UserPageFilter {
  userId: string;
  workId?: string | undefined;
  limit: number;
  offset: number;
}

/** Which requests the console's page takes: one status, or all. */
export interface QueuePageFilter {
  status?: number | undefined;
  limit: number;
  offset: number;
}

const COLUMNS = [
  'c.id',
  'c.user_id as userId',
  'u.user_name as userName',
  'c.work_id as workId',
  'w.channel as modId',
  'w.number',
  'w.title',
  'c.url',
  'c.status',
  shanghaiTime('c.created_at').as('createTime'),
  // No time while requested.
  shanghaiTimeOrNull('c.done_at').as('doneTime'),
  'd.user_name as doneBy',
] as const;

/** Users' cloud-download requests: the SQL of asking, listing and marking done. */
export function createCloudDownloadsRepo(db: Kysely<DB>) {
  const joined = () =>
    db
      .selectFrom('cloud_downloads as c')
      .innerJoin('works as w', 'w.id', 'c.work_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('users as d', 'd.id', 'c.done_by');
  const count = () => db.selectFrom('cloud_downloads as c').innerJoin('works as w', 'w.id', 'c.work_id');

  return {
    /** Runs `work` in one transaction (the service's change and its audit entry together). */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),

    /**
     * Records the request when the work exists and is not hidden, in one statement: the unique
     * (user, work) key makes a repeat, even a parallel one, insert nothing. Answers the new
     * request's id, or undefined when nothing was inserted (asked before, or no such work).
     */
    async insertOnce(userId: string, workId: string, url: string): Promise<string | undefined> {
      const row = await db
        .insertInto('cloud_downloads')
        .columns(['user_id', 'work_id', 'url'])
        .expression((eb) =>
          eb
            .selectFrom('works')
            .select([sql<string>`${userId}::bigint`.as('user_id'), 'id', sql<string>`${url}::text`.as('url')])
            .where('id', '=', workId)
            .where('hidden', '=', false),
        )
        .onConflict((oc) => oc.columns(['user_id', 'work_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The user's request for a work, unless the work is hidden (then it is as if absent). */
    findOwn(userId: string, workId: string): Promise<DownloadRecord | undefined> {
      return joined()
        .select(COLUMNS)
        .where('c.user_id', '=', userId)
        .where('c.work_id', '=', workId)
        .where('w.hidden', '=', false)
        .executeTakeFirst();
    },

    /** Any request, for the console (hidden works too). */
    find(id: string): Promise<DownloadRecord | undefined> {
      return joined().select(COLUMNS).where('c.id', '=', id).executeTakeFirst();
    },

    /** The user's requests of visible works, newest first. */
    async userPage({ userId, workId, limit, offset }: UserPageFilter): Promise<DownloadPage> {
      let page = joined()
        .select(COLUMNS)
        .where('c.user_id', '=', userId)
        .where('w.hidden', '=', false)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset);
      let counted = count()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('c.user_id', '=', userId)
        .where('w.hidden', '=', false);
      if (workId !== undefined) {
        page = page.where('c.work_id', '=', workId);
        counted = counted.where('c.work_id', '=', workId);
      }
      const [rows, total] = await Promise.all([page.execute(), counted.executeTakeFirstOrThrow()]);
      return { rows, total: Number(total.n) };
    },

    /**
     * The console's queue: by status (requested before done), oldest first within each — the
     * order of the (status, created_at, id) index.
     */
    async queuePage({ status, limit, offset }: QueuePageFilter): Promise<DownloadPage> {
      let page = joined()
        .select(COLUMNS)
        .orderBy('c.status')
        .orderBy('c.created_at')
        .orderBy('c.id')
        .limit(limit)
        .offset(offset);
      let counted = db.selectFrom('cloud_downloads as c').select((eb) => eb.fn.countAll<string>().as('n'));
      if (status !== undefined) {
        page = page.where('c.status', '=', status);
        counted = counted.where('c.status', '=', status);
      }
      const [rows, total] = await Promise.all([page.execute(), counted.executeTakeFirstOrThrow()]);
      return { rows, total: Number(total.n) };
    },

    /**
     * Moves a request from `from` to `to`, stamping when and by whom. Only a request still at
     * `from` changes, so of two staff marking it at once one does and the other changes nothing.
     * Answers whether it changed.
     */
    async markDone(
      id: string,
      staffId: string,
      from: number,
      to: number,
      trx: Executor = db,
    ): Promise<boolean> {
      const row = await trx
        .updateTable('cloud_downloads')
        .set({ status: to, done_at: sql<Date>`now()`, done_by: staffId })
        .where('id', '=', id)
        .where('status', '=', from)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Moves every request for a work from `from` to `to` (its video went online); answers how many. */
    async markWorkDone(workId: string, staffId: string | null, from: number, to: number): Promise<number> {
      const rows = await db
        .updateTable('cloud_downloads')
        .set({ status: to, done_at: sql<Date>`now()`, done_by: staffId })
        .where('work_id', '=', workId)
        .where('status', '=', from)
        .returning('id')
        .execute();
      return rows.length;
    },
  };
}

export type CloudDownloadsRepo = ReturnType<typeof createCloudDownloadsRepo>;
