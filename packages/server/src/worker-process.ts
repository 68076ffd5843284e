/**
 * `npm run worker`'s process, after worker.ts has parsed the config and started tracing: the
 * transcode worker on its own, for sites on PostgreSQL that scale it apart from the web servers
 * (any number of workers; each takes MEDIA_CONCURRENCY jobs at a time). On the embedded database
 * the server runs one itself, and this process would be refused DATA_DIR.
 */
import Fastify from 'fastify';
import type { AppConfig } from './config';
import { openDatabase } from './db/connection';
import { DataDirInUse } from './db/data-dir-lock';
import { prepareSchema, SchemaTooOld } from './db/migrate';
import { takeWorkerLease } from './db/worker-lease';
import { NO_FFMPEG } from './features/video/ffmpeg-tools';
import { createVideoRuntime, type VideoRuntime } from './features/video/video-runtime';
import type { Database } from './db/connection';
import { addHealthRoutes, createLifecycle } from './http/health';
import { addMetrics } from './http/metrics';
import { createLogger } from './lib/logger';
import { stopTracing } from './telemetry/tracing';

/** Runs the worker; a known start failure prints its message alone. */
export function runWorker(config: AppConfig): Promise<void> {
  return work(config).catch((error: unknown) => {
    console.error(error instanceof DataDirInUse || error instanceof SchemaTooOld ? error.message : error);
    process.exit(1);
  });
}

async function work(config: AppConfig): Promise<void> {
  // pino with the server's options (LOG_LEVEL, redaction): the same JSON lines as the server's.
  const log = createLogger(config);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // The embedded default migrates here; PostgreSQL sites run `npm run migrate` (decision 072).
  await prepareSchema(database.db, config.migrateOnStart);
  const lease = await takeWorkerLease(config.databaseUrl);
  const runtime = createVideoRuntime({ config, database, log, workerLease: lease });
  if (!runtime.tools) console.warn(NO_FFMPEG);
  await runtime.startWorker();
  const lifecycle = createLifecycle();
  const operations = await startOperations(runtime, database, lifecycle, config);
  console.log(
    `Transcode worker running: ${config.media.concurrency} at a time, ffmpeg ${runtime.tools?.version ?? 'missing'}, ` +
      `storage ${runtime.storage.kind}; health and metrics at ${operations.url}`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    lifecycle.startDraining();
    // Jobs in flight go back to the queue; another worker (or this one, restarted) takes them.
    await runtime.close();
    await operations.app.close();
    await lease.release();
    await database.close();
    await stopTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/**
 * The worker's own /healthz, /readyz (the database answers, no shutdown begun) and /metrics
 * (the process, the queue, jobs, seconds per rung), on WORKER_PORT, like the server's; METRICS_TOKEN
 * guards /metrics here too.
 */
async function startOperations(
  runtime: VideoRuntime,
  database: Database,
  lifecycle: ReturnType<typeof createLifecycle>,
  config: AppConfig,
) {
  const app = Fastify({ logger: false });
  addHealthRoutes(app, { lifecycle, database });
  addMetrics(app, { token: config.metricsToken }).addRegistry(runtime.metrics.registry);
  const url = await app.listen({ host: config.host, port: config.media.workerPort });
  return { app, url };
}
