import { type ImportJobError, SERVER_MSG, STAFF_LIMITS } from '@yingku/contract';
import type { Logger } from '../../lib/logger';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { importCatalogue } from '../catalogue-import/catalogue-import.service';
import type { ImportJobsRepo, JobProgress } from './import-jobs.repo';

/** A running job writes at least this often, so a silent one can be told from a dead one. */
export const HEARTBEAT_MS = 30_000;

/**
 * The text is handed to the importer in pieces (a few hundred lines each): requests get a turn
 * and a stop request is noticed between them.
 */
const CHUNK_CHARS = 64 * 1024;

/** Set `stopped` to end a job between pieces of its text (the server is closing). */
export interface StopSignal {
  stopped: boolean;
  /** True once this process no longer owns the job (its worker-id lease was lost). */
  ownerGone?: () => boolean;
}

export interface ImportJobRun {
  db: Kysely<DB>;
  repo: ImportJobsRepo;
  jobId: string;
  content: string;
  log: Logger;
  stop: StopSignal;
  /** Ids of new works (bound to this process's worker id). */
  newId?: () => string;
}

/** Non-blank lines, as the importer counts `linesRead`. */
export function countLines(content: string): number {
  let count = 0;
  let start = 0;
  while (start <= content.length) {
    const end = content.indexOf('\n', start);
    const stop = end === -1 ? content.length : end;
    if (content.slice(start, stop).trim() !== '') count += 1;
    start = stop + 1;
  }
  return count;
}

/**
 * Runs one console import through the CLI's importer and records it in `import_jobs`: totals
 * after every batch, the first {@link STAFF_LIMITS.importErrorsKept} failures by line, then `done` — or
 * `failed` when the database or the server stopped it (what was written stays, and importing the
 * same file again is safe: docs/import-format.md). Never throws.
 */
export async function runImportJob({
  db,
  repo,
  jobId,
  content,
  log,
  stop,
  newId,
}: ImportJobRun): Promise<void> {
  const progress: JobProgress = {
    linesRead: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    errors: [],
  };
  const snapshot = (): JobProgress => ({ ...progress, errors: [...progress.errors].sort(byLine) });
  const saver = coalescingWriter(
    () => repo.saveProgress(jobId, snapshot()),
    (err) => log.warn({ err, jobId }, 'import job progress not saved'),
  );
  const heartbeat = setInterval(saver.request, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const report = await importCatalogue(db, pieces(content, stop), {
      maxErrors: STAFF_LIMITS.importErrorsKept,
      ...(newId ? { newId } : {}),
      onProgress(totals) {
        Object.assign(progress, totals);
        saver.request();
      },
      onError(error) {
        if (progress.errors.length < STAFF_LIMITS.importErrorsKept) progress.errors.push(error);
      },
    });
    clearInterval(heartbeat);
    await saver.idle();
    await repo.finish(jobId, 'done', { ...totalsOf(report), errors: report.errors });
  } catch (err) {
    clearInterval(heartbeat);
    log.error({ err, jobId }, 'import job stopped');
    await saver.idle();
    await repo
      .finish(jobId, 'failed', snapshot(), SERVER_MSG.importInterrupted)
      .catch((finishErr: unknown) => log.error({ err: finishErr, jobId }, 'import job not closed'));
  }
}

function totalsOf(report: Omit<JobProgress, 'errors'>): Omit<JobProgress, 'errors'> {
  const { linesRead, inserted, updated, unchanged, failed } = report;
  return { linesRead, inserted, updated, unchanged, failed };
}

const byLine = (a: ImportJobError, b: ImportJobError) => a.line - b.line;

/**
 * The text in pieces; throws once `stop.stopped` is set, which ends the import as failed. Each
 * piece waits for a turn of the event loop first: PGlite answers in-process, so an import would
 * otherwise run as one chain of promises and hold every request until it ends.
 */
async function* pieces(content: string, stop: StopSignal): AsyncGenerator<string> {
  for (let start = 0; start < content.length; start += CHUNK_CHARS) {
    await new Promise((resolve) => setImmediate(resolve));
    if (stop.stopped) throw new Error('the server is closing: import stopped');
    if (stop.ownerGone?.()) throw new Error('the worker-id lease was lost: import stopped');
    yield content.slice(start, start + CHUNK_CHARS);
  }
}

/**
 * Runs `write` whenever asked, never two at once: asks that arrive during a write are folded
 * into one more write after it, which then saves the newest totals.
 */
function coalescingWriter(write: () => Promise<void>, onError: (err: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await write().catch(onError);
    } while (again);
    running = null;
  };
  return {
    request: () => {
      if (running) again = true;
      else running = loop();
    },
    async idle() {
      while (running) await running;
    },
  };
}
