import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { loadDemoCatalogueIfEmpty } from './db/seed/demo-catalogue';
import { redisNonceStore } from './http/nonce-stores';

/** Parses config, opens and migrates the database, loads demo data when empty, listens. */
async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  if (config.demoData) {
    const loaded = await loadDemoCatalogueIfEmpty(database.db);
    if (loaded) console.log(`Loaded the demo catalogue: ${loaded.works} works (${loaded.ms} ms).`);
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const app = await buildApp({
    config,
    database,
    ...(redis ? { nonces: redisNonceStore(redis), redis } : {}),
  });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number }).port;
  const store = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `影库 is running at http://${shownHost}:${port}/  (${store}, ready in ${Date.now() - started} ms)`,
  );
  const { alipay, wechat } = config.payments;
  console.log(
    `Payments: Alipay ${alipay ? 'on' : 'off (sandbox)'}, WeChat Pay ${wechat ? 'on' : 'off (sandbox)'}; ` +
      `links and notifies at ${config.payments.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
