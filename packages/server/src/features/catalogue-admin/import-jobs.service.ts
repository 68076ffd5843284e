import { type ImportJob, SERVER_MSG } from '@yingku/contract';
import type { Logger } from '../../lib/logger';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { StaffCaller } from '../../http/auth';
import type { AuditRecorder } from '../staff-audit/audit.service';
import type { WorkerLease } from '../../db/worker-lease';
import { AppError, notFound } from '../../http/errors';
import { countLines, HEARTBEAT_MS, runImportJob, type StopSignal } from './import-job-runner';
import { createImportJobsRepo } from './import-jobs.repo';
import { pageOffset } from '../../http/paging';

/**
 * A running job with no owner recorded and not heard from for this long is dead (its server
 * stopped or crashed). Ten heartbeats: a busy database delays one, not ten. A job with an
 * owner fails as soon as its owner's lease is gone (import-jobs.repo.ts `failStale`).
 */
export const STALE_AFTER_MS = 10 * HEARTBEAT_MS;

export interface ImportJobsDeps {
  db: Kysely<DB>;
  /** The audit entry of a console import (features/staff-audit). */
  audit?: AuditRecorder;
  log: Logger;
  /** Runs when a job ends, done or failed (the app clears its catalogue read cache). */
  onFinish: () => void;
  /** This process's worker-id lease: a job records its owner, and stops if the lease is lost. */
  lease: WorkerLease;
  /** Ids of new works (bound to the lease's worker id). */
  newId: () => string;
}

/**
 * Catalogue imports started from the console: the CLI's importer, run in the background, one
 * at a time across every server (a unique index admits one running job; a second start gets
 * 409). Jobs record their progress as they go, so any server can answer a poll.
 */
export function createImportJobsService({ db, log, onFinish, lease, newId, audit }: ImportJobsDeps) {
  const repo = createImportJobsRepo(db);
  let current: { stop: StopSignal; done: Promise<void> } | null = null;
  const failDead = () => repo.failStale(STALE_AFTER_MS, SERVER_MSG.importInterrupted);

  return {
    /** Starts an import of the text and answers the new job at once. */
    async start(actor: StaffCaller, fileName: string, content: string): Promise<ImportJob> {
      // This process's own job is alive whatever its heartbeat says.
      if (current) throw importRunning();
      await failDead();
      const ownerPid = lease.ownerPid();
      const totalLines = countLines(content);
      const jobId = await repo.inTransaction(async (trx) => {
        const id = await repo.create({ createdBy: actor.userId, fileName, totalLines, ownerPid }, trx);
        if (id === null) return null;
        const after = { fileName, totalLines };
        await audit?.(actor, { action: 'import.start', objectType: 'import', objectId: id, after }, trx);
        return id;
      });
      const job = jobId === null ? undefined : await repo.find(jobId);
      if (!job) throw importRunning();
      // Another server fails a job whose owner lost its lease: it must not run on unowned.
      const stop: StopSignal = { stopped: false, ownerGone: () => !holdsLease(lease, ownerPid) };
      const done = runImportJob({ db, repo, jobId: job.id, content, log, stop, newId }).finally(() => {
        current = null;
        onFinish();
      });
      current = { stop, done };
      return job;
    },

    async list(pageNum: number, pageSize: number) {
      await failDead();
      return repo.list(pageSize, pageOffset(pageNum, pageSize));
    },

    async get(id: string): Promise<ImportJob> {
      await failDead();
      const job = await repo.find(id);
      if (!job) throw notFound(SERVER_MSG.importNotFound);
      return job;
    },

    /**
     * At start-up on a database only this process opens (PGlite): any job still running was
     * left by a process that stopped, so it fails now rather than after {@link STALE_AFTER_MS}.
     */
    async failAbandoned(): Promise<void> {
      await repo.failStale(0, SERVER_MSG.importInterrupted);
    },

    /** Stops a running job between pieces of its text (it ends failed) and waits for it. */
    async close(): Promise<void> {
      if (!current) return;
      current.stop.stopped = true;
      await current.done;
    },
  };
}

export type ImportJobsService = ReturnType<typeof createImportJobsService>;

const importRunning = () => new AppError(409, SERVER_MSG.importRunning);

function holdsLease(lease: WorkerLease, ownerPid: number | null): boolean {
  try {
    return lease.ownerPid() === ownerPid;
  } catch {
    return false;
  }
}
