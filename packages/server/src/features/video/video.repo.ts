import { type Kysely, sql } from 'kysely';
import type { DB, MediaRungState, WorkMediaStatus } from '../../db/schema';
import { inTransaction, type Executor } from '../../db/executor';

/** is_online values (docs/product.md §3). */
export const ONLINE = { none: 0, online: 1, transcoding: 2 } as const;

/** A work_media row as the pipeline and the console read it. */
export interface MediaRecord {
  id: string;
  workId: string;
  status: WorkMediaStatus;
  sourceKey: string;
  sourceName: string;
  sourceBytes: string;
  previousOnline: number;
  rungLimit: number | null;
  rungs: MediaRungState[];
  durationSeconds: number | null;
  failure: string | null;
  failureDetail: string | null;
  attempts: number;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  /** When the sweep removed its source (it cannot be made again). */
  sourceRemovedAt: Date | null;
}

export interface NewMedia {
  workId: string;
  sourceKey: string;
  sourceName: string;
  sourceBytes: number;
  rungLimit: number | null;
  createdBy: string | null;
}

/** What a playing work offers: its ready video's id and rungs. */
export interface Playable {
  workId: string;
  mediaId: string;
  rungs: MediaRungState[];
}

const MEDIA_COLUMNS = [
  'id',
  'work_id as workId',
  'status',
  'source_key as sourceKey',
  'source_name as sourceName',
  'source_bytes as sourceBytes',
  'previous_online as previousOnline',
  'rung_limit as rungLimit',
  'rungs',
  'duration_seconds as durationSeconds',
  'failure',
  'failure_detail as failureDetail',
  'attempts',
  'created_by as createdBy',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'finished_at as finishedAt',
  'source_removed_at as sourceRemovedAt',
] as const;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** The SQL of videos attached to works, their transcoding states and members' play positions. */
export function createVideoRepo(db: Kysely<DB>) {
  /** On the caller's transaction when given (a console change and its audit entry), else its own. */
  const within = <T>(on: Executor | undefined, work: (trx: Executor) => Promise<T>): Promise<T> =>
    on ? work(on) : inTransaction(db, work);

  return {
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /**
     * Records a new video for a work and marks the work 转码中 unless a ready video plays (that
     * one keeps playing until the new one is ready). Undefined when the work does not exist;
     * 'busy' when another video of the work is still queued or running.
     */
    async insertMedia(input: NewMedia, on?: Executor): Promise<MediaRecord | 'busy' | undefined> {
      try {
        return await within(on, async (trx) => {
          const work = await trx
            .selectFrom('works')
            .select(['is_online', 'media_id'])
            .where('id', '=', input.workId)
            .forUpdate()
            .executeTakeFirst();
          if (!work) return undefined;
          const inserted = await trx
            .insertInto('work_media')
            .values({
              work_id: input.workId,
              source_key: input.sourceKey,
              source_name: input.sourceName,
              source_bytes: input.sourceBytes,
              previous_online: work.is_online,
              rung_limit: input.rungLimit,
              created_by: input.createdBy,
            })
            .returning(MEDIA_COLUMNS)
            .executeTakeFirstOrThrow();
          if (work.media_id === null || work.is_online !== ONLINE.online) {
            await trx
              .updateTable('works')
              .set({ is_online: ONLINE.transcoding, updated_at: sql`now()` })
              .where('id', '=', input.workId)
              .execute();
          }
          return inserted;
        });
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'busy';
        throw error;
      }
    },

    /** Works whose number is `number` in any spelling (one per channel at most). */
    async worksByNumberKey(key: string): Promise<{ id: string; number: string; channel: number }[]> {
      return db
        .selectFrom('works')
        .select(['id', 'number', 'channel'])
        .where('number_key', '=', key)
        .orderBy('channel')
        .execute();
    },

    async find(id: string, trx: Executor = db): Promise<MediaRecord | undefined> {
      return trx.selectFrom('work_media').select(MEDIA_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Videos most recently changed, for the console's list; `status` and `workId` narrow it. */
    async recent(
      limit: number,
      offset: number,
      filter: { status?: WorkMediaStatus | undefined; workId?: string | undefined },
    ) {
      let query = db.selectFrom('work_media as m').innerJoin('works as w', 'w.id', 'm.work_id');
      if (filter.status) query = query.where('m.status', '=', filter.status);
      if (filter.workId) query = query.where('m.work_id', '=', filter.workId);
      const [rows, count] = await Promise.all([
        query
          .select(MEDIA_COLUMNS.map((c) => `m.${c}` as const))
          .select(['w.number', 'w.media_id as playingId'])
          .orderBy('m.updated_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Takes a queued video for a job, recording `ownerPid` (the backend of this process's worker
     * lease) as its owner; undefined when it is not queued (made, cancelled, or taken already).
     */
    async start(id: string, ownerPid: number | null): Promise<MediaRecord | undefined> {
      return db
        .updateTable('work_media')
        .set({
          status: 'running',
          owner_pid: ownerPid,
          attempts: sql`attempts + 1`,
          started_at: sql`now()`,
          updated_at: sql`now()`,
          rungs: JSON.stringify([]),
          failure: null,
          failure_detail: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .returning(MEDIA_COLUMNS)
        .executeTakeFirst();
    },

    /** A running video back to the queue (a passing failure, or its worker stopping). */
    async requeueRunning(id: string): Promise<void> {
      await db
        .updateTable('work_media')
        .set({ status: 'queued', owner_pid: null, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /**
     * Running videos whose worker is gone, put back in the queue; answers their ids. With one
     * process (PGlite) every running video at start is one; on PostgreSQL, those whose owner's
     * database session has ended (the worker crashed or was killed).
     */
    async requeueOrphans(soleProcess: boolean): Promise<string[]> {
      let query = db
        .updateTable('work_media')
        .set({ status: 'queued', owner_pid: null, updated_at: sql`now()` })
        .where('status', '=', 'running');
      if (!soleProcess) {
        // Only videos whose owner is known: a process without a lease (tests) is never judged dead.
        query = query
          .where('owner_pid', 'is not', null)
          .where('owner_pid', 'not in', (eb) =>
            eb.selectFrom(sql`pg_stat_activity`.as('a')).select(sql<number>`a.pid`.as('pid')),
          );
      }
      const rows = await query.returning('id').execute();
      return rows.map((row) => row.id);
    },

    async setProgress(id: string, rungs: MediaRungState[], durationSeconds?: number): Promise<void> {
      await db
        .updateTable('work_media')
        .set({
          rungs: JSON.stringify(rungs),
          updated_at: sql`now()`,
          ...(durationSeconds !== undefined ? { duration_seconds: durationSeconds } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /**
     * The video is ready: it becomes the one the work plays, the work goes online with its
     * preview as `mp4`. Answers the id of the video it replaced, if any; undefined when the row
     * was no longer running (cancelled meanwhile).
     */
    async markReady(
      id: string,
      done: { rungs: MediaRungState[]; durationSeconds: number; previewPath: string },
      trx: Executor,
    ): Promise<{ replaced: string | null; workId: string } | undefined> {
      const row = await trx
        .updateTable('work_media')
        .set({
          status: 'ready',
          rungs: JSON.stringify(done.rungs),
          duration_seconds: done.durationSeconds,
          finished_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .returning('work_id')
        .executeTakeFirst();
      if (!row) return undefined;
      const before = await trx
        .selectFrom('works')
        .select('media_id')
        .where('id', '=', row.work_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('works')
        .set({
          media_id: id,
          is_online: ONLINE.online,
          mp4: done.previewPath,
          duration_min: sql`greatest(duration_min, ${Math.round(done.durationSeconds / 60)}::int)`,
          updated_at: sql`now()`,
        })
        .where('id', '=', row.work_id)
        .execute();
      return { replaced: before.media_id, workId: row.work_id };
    },

    /**
     * The video failed (or was cancelled): the work returns to what it was — still online when
     * an older video plays, else its state before this one was attached.
     */
    async markEnded(
      id: string,
      status: 'failed' | 'cancelled',
      failure: string,
      detail: string,
      on?: Executor,
    ): Promise<MediaRecord | undefined> {
      return within(on, async (trx) => {
        const row = await trx
          .updateTable('work_media')
          .set({
            status,
            failure,
            failure_detail: detail.slice(0, 500),
            finished_at: sql`now()`,
            updated_at: sql`now()`,
          })
          .where('id', '=', id)
          .where('status', 'in', ['queued', 'running'])
          .returning(MEDIA_COLUMNS)
          .executeTakeFirst();
        if (!row) return undefined;
        await trx
          .updateTable('works')
          .set((eb) => ({
            is_online: eb
              .case()
              .when('media_id', 'is not', null)
              .then(ONLINE.online)
              .else(row.previousOnline === ONLINE.transcoding ? ONLINE.none : row.previousOnline)
              .end(),
            updated_at: sql`now()`,
          }))
          .where('id', '=', row.workId)
          .where('is_online', '=', ONLINE.transcoding)
          .execute();
        return row;
      });
    },

    /** A failed or cancelled video queued again, if no other is in the making for its work. */
    async requeue(id: string, on?: Executor): Promise<MediaRecord | 'busy' | undefined> {
      try {
        return await within(on, async (trx) => {
          const row = await trx
            .updateTable('work_media')
            .set({ status: 'queued', failure: null, failure_detail: null, updated_at: sql`now()` })
            .where('id', '=', id)
            .where('status', 'in', ['failed', 'cancelled'])
            .where('source_removed_at', 'is', null)
            .returning(MEDIA_COLUMNS)
            .executeTakeFirst();
          if (!row) return undefined;
          await trx
            .updateTable('works')
            .set({ is_online: ONLINE.transcoding, updated_at: sql`now()` })
            .where('id', '=', row.workId)
            .where('media_id', 'is', null)
            .execute();
          return row;
        });
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'busy';
        throw error;
      }
    },

    /** The ready video a visible, online work plays. */
    async playable(workId: string): Promise<Playable | undefined> {
      const row = await db
        .selectFrom('works as w')
        .innerJoin('work_media as m', 'm.id', 'w.media_id')
        .select(['w.id as workId', 'm.id as mediaId', 'm.rungs'])
        .where('w.id', '=', workId)
        .where('w.hidden', '=', false)
        .where('w.is_online', '=', ONLINE.online)
        .where('m.status', '=', 'ready')
        .executeTakeFirst();
      return row;
    },

    /** What the transcode queue holds now (the worker's metrics). */
    async queueStats(): Promise<{ queued: number; oldestQueuedSeconds: number; running: number }> {
      const row = await db
        .selectFrom('work_media')
        .select([
          sql<string>`count(*) FILTER (WHERE status = 'queued')`.as('queued'),
          sql<string>`count(*) FILTER (WHERE status = 'running')`.as('running'),
          sql<string | null>`extract(epoch FROM now() - min(updated_at) FILTER (WHERE status = 'queued'))`.as(
            'oldest',
          ),
        ])
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return {
        queued: Number(row.queued),
        running: Number(row.running),
        oldestQueuedSeconds: Math.max(0, Number(row.oldest ?? 0)),
      };
    },

    /** Replaces a work's stills (big and small images, in order). */
    async setWorkStills(workId: string, big: string[], small: string[], on: Executor = db): Promise<void> {
      await on
        .updateTable('works')
        .set({ image_big: big, image_small: small, updated_at: sql`now()` })
        .where('id', '=', workId)
        .execute();
    },

    async position(userId: string, workId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('play_positions')
        .select('position_seconds')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .executeTakeFirst();
      return row?.position_seconds;
    },

    async savePosition(userId: string, workId: string, seconds: number): Promise<boolean> {
      const result = await db
        .insertInto('play_positions')
        .columns(['user_id', 'work_id', 'position_seconds'])
        .expression((eb) =>
          eb
            .selectFrom('works')
            .select([sql<string>`${userId}::bigint`.as('u'), 'id', sql<number>`${seconds}::real`.as('p')])
            .where('id', '=', workId)
            .where('hidden', '=', false),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'work_id'])
            .doUpdateSet({ position_seconds: seconds, updated_at: sql`now()` }),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type VideoRepo = ReturnType<typeof createVideoRepo>;
