import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the transcode queue holds now, on every worker (read from work_media at each scrape). */
export interface QueueStats {
  queued: number;
  /** Seconds the longest-waiting queued video has waited; 0 with none. */
  oldestQueuedSeconds: number;
  running: number;
}

/** One pg-boss queue now: jobs that may be taken and are not, and how long the longest has. */
export interface JobQueueStats {
  queue: string;
  /** Jobs created or back for a retry whose start time has come, not yet taken by a worker. */
  waiting: number;
  /** Seconds since the longest-waiting of them could have been taken; 0 with none. */
  oldestWaitingSeconds: number;
}

/** Seconds per rung: from a 10 s demo clip to a two-hour feature on a slow preset. */
const RUNG_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1200, 2400, 3600, 7200, 14400];

/** What the worker (and the pipeline it runs) records. */
export interface TranscodeMetrics {
  /** Prometheus text of these, for /metrics (the worker's own, or the server's in-process one). */
  readonly registry: Registry;
  /** A job of this process began or ended (running here). */
  jobStarted(): void;
  /** A job ended: the video is ready, failed for good, goes back to the queue, or was let go. */
  jobEnded(outcome: 'ready' | 'failed' | 'retry' | 'skipped'): void;
  /** One rung made, in this many seconds. */
  rungMade(rung: string, seconds: number): void;
  /** Where the queue's figures come from at each scrape. */
  readQueue(read: () => Promise<QueueStats>): void;
  /** Where pg-boss's own figures, per queue, come from at each scrape. */
  readJobQueues(read: () => Promise<JobQueueStats[]>): void;
}

/**
 * The transcode worker's metrics: queue depth and the longest wait, videos being made (on every
 * worker, and in this process), jobs done by outcome, and seconds per rung; and pg-boss's jobs
 * waiting per queue (`queues`: each reported, 0 when empty). Each process has its own registry:
 * a test may run several.
 */
export function createTranscodeMetrics(queues: readonly string[]): TranscodeMetrics {
  const registry = new Registry();
  let readQueue: (() => Promise<QueueStats>) | undefined;
  let last: QueueStats = { queued: 0, oldestQueuedSeconds: 0, running: 0 };
  // One read per scrape feeds the three gauges: the first to collect reads, the others share it.
  let pending: Promise<QueueStats> | undefined;
  const stats = () => {
    pending ??= (readQueue?.() ?? Promise.resolve(last))
      .then((read) => (last = read))
      .catch(() => last)
      .finally(() => setTimeout(() => (pending = undefined), 0));
    return pending;
  };
  const queueGauge = (name: string, help: string, pick: (s: QueueStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await stats()));
      },
    });
  queueGauge(
    'yingku_transcode_queue_depth',
    'Videos queued for transcoding, on every worker',
    (s) => s.queued,
  );
  queueGauge(
    'yingku_transcode_queue_oldest_seconds',
    'How long the longest-waiting queued video has waited (0 with none)',
    (s) => s.oldestQueuedSeconds,
  );
  queueGauge('yingku_transcodes_running', 'Videos being made now, on every worker', (s) => s.running);
  const here = new Gauge({
    name: 'yingku_transcode_jobs_in_process',
    help: 'Transcode jobs this process is running now',
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'yingku_transcode_jobs_total',
    help: 'Transcode jobs this process ended, by outcome (ready, failed, retry: back to the queue, skipped)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rungs = new Histogram({
    name: 'yingku_transcode_rung_seconds',
    help: 'Seconds to make one rung of a video, by rung',
    labelNames: ['rung'] as const,
    buckets: RUNG_BUCKETS,
    registers: [registry],
  });
  let readJobQueues: (() => Promise<JobQueueStats[]>) | undefined;
  let pendingJobs: Promise<JobQueueStats[]> | undefined;
  let lastJobs: JobQueueStats[] = [];
  const jobQueues = () => {
    pendingJobs ??= (readJobQueues?.() ?? Promise.resolve(lastJobs))
      .then((read) => (lastJobs = read))
      .catch(() => lastJobs)
      .finally(() => setTimeout(() => (pendingJobs = undefined), 0));
    return pendingJobs;
  };
  const jobQueueGauge = (name: string, help: string, pick: (s: JobQueueStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const read = await jobQueues();
        for (const queue of queues) {
          const stats = read.find((s) => s.queue === queue);
          this.set({ queue }, stats ? pick(stats) : 0);
        }
      },
    });
  jobQueueGauge(
    'yingku_job_queue_depth',
    'Jobs of each pg-boss queue that are due and not yet taken by a worker (retries in backoff and jobs set for later excluded)',
    (s) => s.waiting,
  );
  jobQueueGauge(
    'yingku_job_queue_oldest_seconds',
    'Seconds the longest-waiting due job of each pg-boss queue has waited to be taken (0 with none)',
    (s) => s.oldestWaitingSeconds,
  );
  return {
    registry,
    jobStarted: () => here.inc(),
    jobEnded(outcome) {
      here.dec();
      jobs.inc({ outcome });
    },
    rungMade: (rung, seconds) => rungs.observe({ rung }, seconds),
    readQueue(read) {
      readQueue = read;
    },
    readJobQueues(read) {
      readJobQueues = read;
    },
  };
}
