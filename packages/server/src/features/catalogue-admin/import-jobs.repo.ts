import type { ImportJob, ImportJobError } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type Executor, inTransaction } from '../../db/executor';
import { WORKER_LOCK_NAMESPACE } from '../../db/worker-lease';
import { shanghaiTime, shanghaiTimeOrNull } from '../../db/site-time-sql';

/** The running totals a job records as it goes. */
export interface JobProgress {
  linesRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: ImportJobError[];
}

/** SQLSTATE of a unique violation: here, a second running job (`import_jobs_one_running`). */
const UNIQUE_VIOLATION = '23505';

/** Catalogue import jobs started from the console. */
export function createImportJobsRepo(db: Kysely<DB>) {
  const select = () =>
    db
      .selectFrom('import_jobs as j')
      .select([
        sql<string>`j.id::text`.as('id'),
        'j.file_name as fileName',
        'j.status',
        'j.total_lines as totalLines',
        'j.lines_read as linesRead',
        'j.inserted',
        'j.updated',
        'j.unchanged',
        'j.failed',
        'j.errors',
        'j.message',
        shanghaiTime('j.created_at').as('createTime'),
        shanghaiTimeOrNull('j.finished_at').as('finishTime'),
      ]);

  const find = (id: string): Promise<ImportJob | undefined> =>
    select().where('j.id', '=', id).executeTakeFirst();

  const progressColumns = (p: JobProgress) => ({
    lines_read: p.linesRead,
    inserted: p.inserted,
    updated: p.updated,
    unchanged: p.unchanged,
    failed: p.failed,
    errors: JSON.stringify(p.errors),
    updated_at: sql<Date>`now()`,
  });

  return {
    /** Runs `work` in one transaction (the service's change and its audit entry together). */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),

    /**
     * A new running job, owned by the process whose lease `ownerPid` holds (null on PGlite);
     * null when another job is running (on any server).
     */
    /** A new running job's id; null when another job is running (the one-running index). */
    async create(
      job: { createdBy: string; fileName: string; totalLines: number; ownerPid: number | null },
      trx: Executor = db,
    ): Promise<string | null> {
      const { createdBy, fileName, totalLines, ownerPid } = job;
      try {
        const { id } = await trx
          .insertInto('import_jobs')
          .values({
            created_by: createdBy,
            file_name: fileName,
            total_lines: totalLines,
            owner_pid: ownerPid,
          })
          .returning(sql<string>`id::text`.as('id'))
          .executeTakeFirstOrThrow();
        return id;
      } catch (error) {
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return null;
        throw error;
      }
    },

    find,

    /** Jobs newest first. */
    async list(limit: number, offset: number): Promise<{ rows: ImportJob[]; total: number }> {
      const [rows, count] = await Promise.all([
        select().orderBy('j.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('import_jobs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Records progress of a running job (also its heartbeat: `updated_at`). A job already marked
     * failed stays failed.
     */
    async saveProgress(id: string, progress: JobProgress): Promise<void> {
      await db
        .updateTable('import_jobs')
        .set(progressColumns(progress))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /** Ends a running job as done or failed, with its final totals. */
    async finish(id: string, status: 'done' | 'failed', progress: JobProgress, message = ''): Promise<void> {
      await db
        .updateTable('import_jobs')
        .set({ ...progressColumns(progress), status, message, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /**
     * Marks failed every running job whose process is gone: its owner's worker-id lease is no
     * longer held (the lease's session ended with the process), or — for a job with no owner
     * recorded — nothing was heard from it for `staleMs`. (Served by the partial unique index on
     * running jobs.)
     */
    async failStale(staleMs: number, message: string): Promise<void> {
      const leaseHeld = sql<boolean>`EXISTS (
        SELECT 1 FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.granted AND l.pid = import_jobs.owner_pid
           AND l.classid = hashtext(${WORKER_LOCK_NAMESPACE})::oid AND l.objsubid = 2
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;
      await db
        .updateTable('import_jobs')
        .set({ status: 'failed', message, finished_at: sql<Date>`now()` })
        .where('status', '=', 'running')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('owner_pid', 'is', null),
              eb('updated_at', '<=', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`),
            ]),
            eb.and([eb('owner_pid', 'is not', null), eb.not(leaseHeld)]),
          ]),
        )
        .execute();
    },
  };
}

export type ImportJobsRepo = ReturnType<typeof createImportJobsRepo>;
