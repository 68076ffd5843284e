import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/connection';
import { soleWorkerLease, type WorkerLease } from '../../db/worker-lease';
import type { Logger } from '../../lib/logger';
import {
  type CloudDownloadsService,
  createCloudDownloadsService,
} from '../cloud-downloads/cloud-downloads.service';
import { type FfmpegTools, findFfmpeg } from './ffmpeg-tools';
import { createVideoRepo } from './video.repo';
import type { AuditRecorder } from '../staff-audit/audit.service';
import { createVideoService, type VideoJobs, type VideoService } from './video.service';
import { createJobQueueRepo } from './job-queue.repo';
import {
  CLEANUP_QUEUE,
  createBoss,
  createQueues,
  DEFAULT_QUEUE_SETTINGS,
  LocalCancels,
  queueJobs,
  startVideoWorker,
  TRANSCODE_QUEUE,
  type VideoQueueSettings,
} from './video-jobs';
import { createVideoPipeline, type VideoPipeline } from './video-pipeline';
import { createTranscodeMetrics, type TranscodeMetrics } from './transcode-metrics';
import { localVideoStorage, type VideoStorage } from './video-storage';

/** The media side of one process: storage, ffmpeg, the queue, and (when told) a worker. */
export interface VideoRuntime {
  service: VideoService;
  /** What the worker records (queue, jobs, seconds per rung), for /metrics. */
  metrics: TranscodeMetrics;
  pipeline: VideoPipeline;
  storage: VideoStorage;
  tools: FfmpegTools | undefined;
  /** Starts taking transcode jobs in this process (the in-process worker, or `npm run worker`). */
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface VideoRuntimeDeps {
  config: Pick<AppConfig, 'media' | 'databaseUrl'>;
  database: Database;
  log: Logger;
  workerLease?: WorkerLease;
  /** The process's cloud-downloads service: a made video fulfils the members' requests for it. */
  downloads?: CloudDownloadsService;
  /** Where the console's video changes write their audit entries (features/staff-audit). */
  audit?: AuditRecorder;
  /** Tests: queue timings (short retries). */
  queue?: Partial<VideoQueueSettings>;
  /** Tests: ffmpeg as found (default), or none. */
  tools?: FfmpegTools | null;
}

/**
 * Storage as the settings say: object storage when a bucket is set, else the local folder. The
 * S3 SDK loads on first use, so a site (or a test) on local storage never imports it.
 */
export function videoStorageFor(media: AppConfig['media']): VideoStorage {
  const s3 = media.s3;
  if (!s3) return localVideoStorage(media.dir);
  let loaded: Promise<VideoStorage> | undefined;
  const storage = () => (loaded ??= import('./video-s3-storage').then((m) => m.createS3VideoStorage(s3)));
  return {
    kind: 's3',
    putFile: async (key, file, options) => (await storage()).putFile(key, file, options),
    read: async (key, range) => (await storage()).read(key, range),
    download: async (key, file) => (await storage()).download(key, file),
    removePrefix: async (prefix) => (await storage()).removePrefix(prefix),
    directUrl: async (key, ttlSeconds) => (await storage()).directUrl(key, ttlSeconds),
  };
}

/**
 * Builds the media side. The queue (pg-boss, docs/decisions/023) starts on first use, so a
 * process that never attaches a video never touches it; a worker starts it at once.
 */
export function createVideoRuntime(deps: VideoRuntimeDeps): VideoRuntime {
  const { config, database, log } = deps;
  const media = config.media;
  const lease = deps.workerLease ?? soleWorkerLease();
  const settings: VideoQueueSettings = {
    ...DEFAULT_QUEUE_SETTINGS,
    concurrency: media.concurrency,
    timeoutSeconds: media.jobTimeoutSeconds,
    ...deps.queue,
  };
  const tools =
    deps.tools === null
      ? undefined
      : (deps.tools ?? findFfmpeg({ FFMPEG_PATH: media.ffmpegPath, FFPROBE_PATH: media.ffprobePath }));
  const storage = videoStorageFor(media);
  const cancels = new LocalCancels();

  let started: Promise<{ boss: PgBoss; markClosed(): void }> | undefined;
  const queue = () => {
    started ??= (async () => {
      const made = createBoss(database, config.databaseUrl, log);
      await made.boss.start();
      await createQueues(made.boss, settings);
      return made;
    })();
    return started;
  };
  const jobs: VideoJobs & { removeLater(workId: string, mediaId: string): Promise<void> } = {
    enqueue: async (mediaId) => queueJobs((await queue()).boss, settings, cancels).enqueue(mediaId),
    cancel: async (mediaId) => cancels.abort(mediaId),
    removeLater: async (workId, mediaId) =>
      queueJobs((await queue()).boss, settings).removeLater(workId, mediaId),
  };

  const metrics = createTranscodeMetrics([TRANSCODE_QUEUE, CLEANUP_QUEUE]);
  const downloads = deps.downloads ?? createCloudDownloadsService({ db: database.db });
  const service = createVideoService({
    db: database.db,
    storage,
    jobs,
    tools,
    maxBytes: media.maxBytes,
    audit: deps.audit,
  });
  // The worker's side (pipeline, job handlers) writes through a repo of its own: no service
  // hands out its repo.
  const workerRepo = createVideoRepo(database.db);
  const pipeline = createVideoPipeline({
    repo: workerRepo,
    storage,
    tools,
    preset: media.preset,
    log,
    ownerPid: () => lease.ownerPid(),
    onReady: async (made) => {
      await downloads.fulfilWork(made.workId, made.createdBy);
    },
    onReplaced: (workId, mediaId) => jobs.removeLater(workId, mediaId),
    metrics,
  });
  metrics.readQueue(() => service.queueStats());
  // pg-boss's tables exist once the queue has started: read only then (a worker starts it at once).
  const jobQueueRepo = createJobQueueRepo(database.db);
  metrics.readJobQueues(async () => (started ? jobQueueRepo.stats() : []));

  let worker: { stop(): Promise<void> } | undefined;
  return {
    service,
    metrics,
    pipeline,
    storage,
    tools,
    async startWorker() {
      if (worker) return;
      const { boss } = await queue();
      worker = await startVideoWorker({
        boss,
        pipeline,
        repo: workerRepo,
        storage,
        settings,
        cancels,
        log,
        soleProcess: database.kind === 'pglite',
        enqueue: jobs.enqueue,
        metrics,
        sweepSources: service.sourceSweeper(settings.keepReplacedSeconds, log),
      });
    },
    async close() {
      await worker?.stop();
      if (!started) return;
      const { boss, markClosed } = await started;
      await boss.stop({ graceful: true, timeout: 5_000, wait: true } as PgBoss.StopOptions);
      markClosed();
    },
  };
}
