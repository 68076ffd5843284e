import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/connection';
import type { Logger } from '../../lib/logger';
import { inJobSpan, jobTraceCarrier } from '../../telemetry/tracing';
import type { VideoJobs } from './video.service';
import type { PipelineOutcome, VideoPipeline } from './video-pipeline';
import type { TranscodeMetrics } from './transcode-metrics';
import type { VideoRepo } from './video.repo';
import type { VideoStorage } from './video-storage';
import { ABORT } from './ffmpeg-tools';
import { removeDeadWorkFolders, titlePrefix } from './video-pipeline';
import { SWEEP_EVERY_MS } from './media-sweep';

/** pg-boss's schema: its own tables, beside ours (docs/decisions/023). */
export const QUEUE_SCHEMA = 'pgboss';
export const TRANSCODE_QUEUE = 'video-transcode';
/** Removes a replaced video's files once no player can still be using its addresses. */
export const CLEANUP_QUEUE = 'video-cleanup';

export interface VideoQueueSettings {
  /** How many videos one worker process makes at once (MEDIA_CONCURRENCY). */
  concurrency: number;
  /** A job running longer is stopped and retried (MEDIA_JOB_TIMEOUT_MINUTES). */
  timeoutSeconds: number;
  /** Attempts after the first (transient failures: storage, a killed ffmpeg). */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) each time. */
  retryDelaySeconds: number;
  /** Seconds a replaced video's files are kept (its stream addresses' lifetime). */
  keepReplacedSeconds: number;
  /** How often a worker looks for videos whose worker died (PostgreSQL). */
  sweepSeconds: number;
}

export const DEFAULT_QUEUE_SETTINGS: VideoQueueSettings = {
  concurrency: 1,
  timeoutSeconds: 6 * 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: 30,
  keepReplacedSeconds: 3 * 60 * 60 + 5 * 60,
  sweepSeconds: 30,
};

/**
 * pg-boss over our database: on PostgreSQL its own small pool (the worker process polls apart
 * from the web server's pool); on PGlite through our one connection (pg-boss sends each of its
 * transactions as one statement, so nothing interleaves). Once closed, its late calls answer
 * nothing instead of failing on a closed pool (a handler finishing after stop()).
 */
export function createBoss(
  database: Database,
  databaseUrl: string | undefined,
  log: Logger,
): { boss: PgBoss; markClosed(): void } {
  let closed = false;
  const options: PgBoss.ConstructorOptions = databaseUrl
    ? { connectionString: databaseUrl, max: 3, schema: QUEUE_SCHEMA, application_name: 'yingku video queue' }
    : {
        db: {
          executeSql: async (text, values) => {
            if (closed) return { rows: [] };
            const result = await database.db.executeQuery(CompiledQuery.raw(text, values ?? []));
            return { rows: result.rows as unknown[] };
          },
        },
        schema: QUEUE_SCHEMA,
      };
  const boss = new PgBoss({ ...options, maintenanceIntervalSeconds: 120 });
  boss.on('error', (error) => log.error({ err: error }, 'video queue error'));
  boss.on('stopped', () => {
    closed = true;
  });
  return {
    boss,
    markClosed: () => {
      closed = true;
    },
  };
}

/** Declares the queues (idempotent): retries with backoff, and a timeout per job. */
export async function createQueues(boss: PgBoss, settings: VideoQueueSettings): Promise<void> {
  await boss.createQueue(TRANSCODE_QUEUE, {
    name: TRANSCODE_QUEUE,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    // pg-boss's own deadline is a backstop past ours (the handler aborts ffmpeg at timeoutSeconds).
    expireInSeconds: settings.timeoutSeconds + 15 * 60,
  });
  await boss.createQueue(CLEANUP_QUEUE, {
    name: CLEANUP_QUEUE,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
  });
}

/** The producing side: what the web server and the CLI use to queue work. */
export function queueJobs(
  boss: PgBoss,
  settings: VideoQueueSettings,
  local?: LocalCancels,
): VideoJobs & {
  removeLater(workId: string, mediaId: string): Promise<void>;
} {
  return {
    async enqueue(mediaId) {
      // No singletonKey: a video queued again after its worker died must get a job even while
      // the dead worker's job still counts as active. The video row's claim (queued → running)
      // makes a duplicate job do nothing.
      await boss.send(TRANSCODE_QUEUE, withTrace({ mediaId }));
    },
    async cancel(mediaId) {
      // A job in this process stops at once; one in another worker stops at its next check.
      local?.abort(mediaId);
    },
    async removeLater(workId, mediaId) {
      await boss.send(CLEANUP_QUEUE, withTrace({ workId, mediaId }), {
        startAfter: settings.keepReplacedSeconds,
      });
    },
  };
}

/** What a job carries besides its own data: the queuing request's trace context, when tracing. */
interface TracedJob {
  trace?: Record<string, string>;
}

/** A job's data with the active trace context (decision 081); the data alone when tracing is off. */
function withTrace<T extends object>(data: T): T & TracedJob {
  const trace = jobTraceCarrier();
  return trace ? { ...data, trace } : data;
}

/** Runs a job's handling in its span (pg-boss has no instrumentation of its own). */
function traced<T extends TracedJob>(
  queue: string,
  job: PgBoss.Job<T> & { retryCount?: number },
  work: () => Promise<void>,
): Promise<void> {
  return inJobSpan(
    { queue, jobId: job.id, attempt: (job.retryCount ?? 0) + 1, carrier: job.data.trace },
    work,
  );
}

/** Jobs running in this process, by video id, so a cancel here stops ffmpeg at once. */
export class LocalCancels {
  private readonly running = new Map<string, AbortController>();
  start(mediaId: string): AbortController {
    const controller = new AbortController();
    this.running.set(mediaId, controller);
    return controller;
  }
  end(mediaId: string): void {
    this.running.delete(mediaId);
  }
  abort(mediaId: string): void {
    this.running.get(mediaId)?.abort(ABORT.cancel);
  }
  abortAll(reason: string): void {
    for (const controller of this.running.values()) controller.abort(reason);
  }
}

export interface WorkerDeps {
  boss: PgBoss;
  pipeline: VideoPipeline;
  repo: VideoRepo;
  storage: VideoStorage;
  settings: VideoQueueSettings;
  cancels: LocalCancels;
  log: Logger;
  /** PGlite: this is the only process, so a video left `running` lost its worker with the last one. */
  soleProcess: boolean;
  enqueue(mediaId: string): Promise<void>;
  metrics?: Pick<TranscodeMetrics, 'jobStarted' | 'jobEnded'>;
  /** Removes the files of failed and replaced videos (media-sweep.ts): at start, then hourly. */
  sweepSources?: () => Promise<number>;
}

/**
 * The consuming side: takes transcode jobs (at most `concurrency` at once in this process),
 * aborts one that runs past its timeout or is cancelled, and lets pg-boss retry what failed for a
 * passing reason. Videos whose worker died are found and queued again: at start on PGlite, and
 * every `sweepSeconds` on PostgreSQL (their worker's database session is gone).
 */
export async function startVideoWorker(deps: WorkerDeps): Promise<{ stop(): Promise<void> }> {
  const { boss, pipeline, repo, storage, settings, cancels, log } = deps;

  const handle = async ([job]: PgBoss.JobWithMetadata<{ mediaId: string } & TracedJob>[]) => {
    if (job) await traced(TRANSCODE_QUEUE, job, () => transcode(job));
  };
  const transcode = async (job: PgBoss.JobWithMetadata<{ mediaId: string }>) => {
    const { mediaId } = job.data;
    const controller = cancels.start(mediaId);
    const timer = setTimeout(() => controller.abort(ABORT.timeout), settings.timeoutSeconds * 1000);
    // A cancel from another process: seen by polling the row.
    const watch = setInterval(() => {
      void repo.find(mediaId).then((row) => {
        if (row && row.status !== 'running' && row.status !== 'queued') controller.abort(ABORT.cancel);
      });
    }, 5_000);
    deps.metrics?.jobStarted();
    let outcome: PipelineOutcome = 'retry';
    try {
      outcome = await pipeline.process(mediaId, {
        signal: controller.signal,
        lastAttempt: job.retryCount >= job.retryLimit,
      });
      if (outcome === 'retry') throw new Error(`video ${mediaId}: transient failure, retrying`);
    } finally {
      deps.metrics?.jobEnded(outcome);
      clearTimeout(timer);
      clearInterval(watch);
      cancels.end(mediaId);
    }
  };

  // What killed workers left in the temporary folder goes before new work arrives.
  const removed = await removeDeadWorkFolders();
  if (removed.length > 0)
    log.info({ folders: removed.length }, 'removed the temporary files of workers that died');
  const requeueOrphans = async () => {
    for (const mediaId of await repo.requeueOrphans(deps.soleProcess)) {
      log.warn({ mediaId }, 'video lost its worker; queued again');
      await deps.enqueue(mediaId);
    }
  };
  // Before this process takes a job: with one process (PGlite) every running video is an
  // orphan, and one this process had just started would be queued again and made twice.
  await requeueOrphans();
  for (let i = 0; i < settings.concurrency; i += 1) {
    await boss.work(
      TRANSCODE_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      handle,
    );
  }
  await boss.work<{ workId: string; mediaId: string } & TracedJob>(
    CLEANUP_QUEUE,
    { pollingIntervalSeconds: 30 },
    async (jobs) => {
      for (const job of jobs) {
        await traced(CLEANUP_QUEUE, job, () =>
          storage.removePrefix(titlePrefix(job.data.workId, job.data.mediaId)),
        );
      }
    },
  );

  const sweep = deps.soleProcess
    ? undefined
    : setInterval(() => void requeueOrphans().catch(() => undefined), settings.sweepSeconds * 1000);
  const sweepFiles = () =>
    void deps.sweepSources?.().catch((error: unknown) => log.warn({ err: error }, 'media sweep failed'));
  sweepFiles();
  const filesSweep = setInterval(sweepFiles, SWEEP_EVERY_MS);
  filesSweep.unref();

  return {
    async stop() {
      if (sweep) clearInterval(sweep);
      clearInterval(filesSweep);
      // Running jobs end now (pg-boss marks them for retry) rather than hold the shutdown.
      cancels.abortAll(ABORT.shutdown);
    },
  };
}
