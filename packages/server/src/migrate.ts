/**
 * `npm run migrate`: brings the database to this release's schema and exits. PostgreSQL sites run
 * it before a deploy's new processes start (they do not migrate themselves unless MIGRATE_ON_START
 * is on); the embedded default migrates at `npm start` (decision 072). A second run at the same
 * time waits for the first, then finds nothing to do; a run killed half-way changed nothing, or
 * left only an index to build, which the rerun builds. The migrations' backfills are the servers'
 * job; `npm run migrate -- --backfills` does them to the end here instead (decision 076).
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { DataDirInUse } from './db/data-dir-lock';
import { migrateToLatest, pendingBackfills, runBackfills, schemaState } from './db/migrate';

const USAGE = 'Usage: npm run migrate [-- --backfills]';

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--backfills');
  if (unknown.length > 0) throw new UsageError(`Unknown option ${unknown[0]}. ${USAGE}`);
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
    if (args.includes('--backfills')) {
      const filled = await runBackfills(database.db, { budgetMs: 0 });
      for (const [name, rows] of Object.entries(filled))
        console.log(`Backfill ${name}: ${rows} row(s) filled.`);
    }
    const left = await pendingBackfills(database.db);
    if (left.length > 0) {
      console.log(
        `Backfills the servers are doing in batches: ${left.join(', ')} (or run with --backfills).`,
      );
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof DataDirInUse || error instanceof UsageError
      ? error.message
      : error,
  );
  process.exit(1);
});
