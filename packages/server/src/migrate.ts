/**
 * `npm run migrate`: brings the database to this release's schema and exits. PostgreSQL sites run
 * it before a deploy's new processes start (they do not migrate themselves unless MIGRATE_ON_START
 * is on); the embedded default migrates at `npm start` (decision 072). A second run at the same
 * time waits for the first, then finds nothing to do; a run killed half-way changed nothing.
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { DataDirInUse } from './db/data-dir-lock';
import { migrateToLatest, schemaState } from './db/migrate';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db, {
      onLockTimeout: (attempt, pauseMs) =>
        console.warn(`Migration try ${attempt} waited too long for a lock; trying again in ${pauseMs} ms.`),
    });
    const { newer } = await schemaState(database.db);
    console.log(
      applied.length === 0
        ? 'The schema is up to date: nothing to migrate.'
        : `Applied ${applied.length} migration(s): ${applied.join(', ')}.`,
    );
    if (newer.length > 0) console.log(`The database also has newer migrations: ${newer.join(', ')}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
