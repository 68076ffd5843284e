import { buildApp } from './app';
import type { AppConfig } from './config';
import { openDatabase } from './db/connection';
import { DataDirInUse } from './db/data-dir-lock';
import { prepareSchema, SchemaTooOld } from './db/migrate';
import { loadDemoCatalogueIfEmpty } from './db/seed/demo-catalogue';
import { seedDemoReviews } from './db/seed/demo-reviews';
import { createDemoStaff, demoStaffLogin } from './db/seed/demo-staff';
import { attachDemoVideos, prepareDemoVideos } from './db/seed/demo-videos';
import { takeWorkerLease } from './db/worker-lease';
import { createLifecycle } from './http/health';
import { createRedisClient } from './redis/redis-client';
import { describeRedis } from './redis/redis-settings';
import { createShutdown } from './shutdown';
import { createBackupSchedule } from './features/backup/backup-schedule';
import { listenForBackupRequests } from './features/backup/backup-socket';
import { every } from './lib/every';
import { stopTracing } from './telemetry/tracing';

/**
 * The web server's process, after main.ts has parsed the config and started tracing: opens and
 * migrates the database, loads demo data when empty, listens, and closes everything on SIGTERM.
 */
export function runServer(config: AppConfig, started: number): Promise<void> {
  return serve(config, started).catch((error: unknown) => {
    if (error instanceof DataDirInUse || error instanceof SchemaTooOld) console.error(error.message);
    else console.error('Failed to start:', error);
    process.exit(1);
  });
}

async function serve(config: AppConfig, started: number): Promise<void> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // The embedded default migrates here; PostgreSQL sites run `npm run migrate` (decision 072).
  await prepareSchema(database.db, config.migrateOnStart);
  let demoLoaded = false;
  if (config.demoData) {
    const loaded = await loadDemoCatalogueIfEmpty(database.db);
    demoLoaded = loaded !== null;
    if (loaded) {
      console.log(`Loaded the demo catalogue: ${loaded.works} works (${loaded.ms} ms).`);
      // The demo's staff account comes with the demo catalogue, never into a real one.
      await createDemoStaff(database.db, config.dataDir);
      const rated = await seedDemoReviews(database.db);
      console.log(`Demo members rated ${rated} of the newest works.`);
    }
  }
  // A read replica for catalogue reads: a second pool, opened only when configured.
  const readDatabase = config.databaseReadUrl
    ? await openDatabase({ url: config.databaseReadUrl })
    : undefined;
  // Its options keep requests from waiting on a Redis that does not answer (decision 080).
  const redis = config.redis ? createRedisClient(config.redis) : undefined;
  // The worker id in this process's new ids, held as long as it runs (decision 022).
  const workerLease = await takeWorkerLease(config.databaseUrl);
  const lifecycle = createLifecycle();
  const app = await buildApp({
    config,
    database,
    lifecycle,
    workerLease,
    ...(readDatabase ? { readDatabase } : {}),
    ...(redis ? { redis } : {}),
  });

  // The embedded database's scheduled backups, by the process that has it open (decision 075).
  if (database.kind === 'pglite' && config.backup.everyHours > 0) {
    const backUp = createBackupSchedule(database, config.dataDir, config.backup, app.log);
    every(app, config.backup.everyHours * 60 * 60 * 1000, 'scheduled backup', () => backUp());
  }
  // `npm run admin -- backup` asks this process while it holds DATA_DIR (decision 077).
  const backupSocket =
    database.kind === 'pglite' ? await listenForBackupRequests(database, config.dataDir, app.log) : undefined;

  // The demo's video works say 转码中 from the first page on, not 在线 with nothing to play.
  const demoVideoWorks =
    demoLoaded && config.demoVideos ? await prepareDemoVideos(database.db, app.videoRuntime) : [];

  const shutdown = createShutdown({
    app,
    lifecycle,
    ...config.shutdown,
    log: app.log,
    exit: (code) => process.exit(code),
    closeResources: async () => {
      await redis?.quit().catch(() => redis.disconnect());
      await workerLease.release();
      // Stops taking requests and waits for a backup under way: it holds the database.
      await new Promise((resolve) => (backupSocket ? backupSocket.close(resolve) : resolve(undefined)));
      await readDatabase?.close();
      await database.close();
      // The last spans (the shutdown's own requests) go out before the process exits.
      await stopTracing();
    },
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number }).port;
  const store =
    database.kind === 'pglite'
      ? `PGlite in ${config.dataDir}`
      : `PostgreSQL${readDatabase ? ', catalogue reads from a replica' : ''}${config.redis ? `, ${describeRedis(config.redis)}` : ''}`;
  console.log(
    `影库 is running at http://${shownHost}:${port}/  (${store}, ${config.profile} profile, ready in ${Date.now() - started} ms)`,
  );
  // Printed at every start while the account still takes the password kept in DATA_DIR.
  const staff = await demoStaffLogin(database.db, config.dataDir);
  if (staff) {
    console.log(
      `客服演示账号 ${staff.userName} / ${staff.password}  (console: http://${shownHost}:${port}/admin)`,
    );
  }
  for (const line of paymentLines(config.payments)) console.log(line);
  const video = app.videoRuntime;
  console.log(
    `Media: ffmpeg ${video.tools ? `${video.tools.version.replace(/^ffmpeg /, '')} (${video.tools.source})` : 'missing: videos cannot be made'}, ` +
      `storage ${video.storage.kind}, transcode worker ${config.media.inProcessWorker ? 'in this process' : 'apart (npm run worker)'}`,
  );
  // The demo's videos go through the real pipeline, in the background: the site is up already.
  if (demoLoaded && config.demoVideos) {
    void attachDemoVideos(video, demoVideoWorks, console).catch((error: unknown) =>
      app.log.error({ err: error }, 'demo videos failed'),
    );
  }
}

/** What takes payments, and a warning no one can miss while the sandbox grants VIP for nothing. */
function paymentLines({ alipay, wechat, sandbox, publicUrl }: AppConfig['payments']): string[] {
  const state = (configured: unknown) => (configured ? 'on' : sandbox ? 'sandbox' : 'off (refused)');
  const lines = [
    `Payments: Alipay ${state(alipay)}, WeChat Pay ${state(wechat)}; links and notifies at ${publicUrl}`,
  ];
  if (sandbox) {
    const bar = '!'.repeat(78);
    lines.push(
      bar,
      '!! PAYMENT SANDBOX ON: VIP orders are "paid" on a local page, without any money.',
      '!! For demos and tests only. Set PAY_SANDBOX=false (the default once DEMO_DATA=false',
      '!! or a real provider is configured) on a site that sells VIP.',
      bar,
    );
  }
  return lines;
}
