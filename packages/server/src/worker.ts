/**
 * `npm run worker`: the transcode worker on its own, for sites on PostgreSQL that scale it apart
 * from the web servers (any number of workers; each takes MEDIA_CONCURRENCY jobs at a time). On
 * the embedded database the server runs one itself, and this process would be refused DATA_DIR.
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { DataDirInUse } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { takeWorkerLease } from './db/worker-lease';
import { NO_FFMPEG } from './features/video/ffmpeg-tools';
import { createVideoRuntime } from './features/video/video-runtime';

const log = {
  info: (obj: object, msg: string) => console.log(JSON.stringify({ level: 'info', msg, ...obj })),
  warn: (obj: object, msg: string) => console.warn(JSON.stringify({ level: 'warn', msg, ...obj })),
  error: (obj: object, msg: string) => console.error(JSON.stringify({ level: 'error', msg, ...obj })),
};

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const lease = await takeWorkerLease(config.databaseUrl);
  const runtime = createVideoRuntime({ config, database, log, workerLease: lease });
  if (!runtime.tools) console.warn(NO_FFMPEG);
  await runtime.startWorker();
  console.log(
    `Transcode worker running: ${config.media.concurrency} at a time, ffmpeg ${runtime.tools?.version ?? 'missing'}, ` +
      `storage ${runtime.storage.kind}`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    // Jobs in flight go back to the queue; another worker (or this one, restarted) takes them.
    await runtime.close();
    await lease.release();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
