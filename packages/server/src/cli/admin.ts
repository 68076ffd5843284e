/**
 * `npm run admin -- <command>`: operator tasks on the configured database. The commands are
 * admin-commands.ts; this file wires them to the process: argv, stdout and stderr, stdin, the
 * settings of the environment, and the exit code.
 */
import type { Database } from '../db/connection';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { prepareSchema } from '../db/migrate';
import { runAdmin } from './admin-commands';
import { terminalPrompt } from './admin-accounts';
import { processOutput } from './admin-output';

/** Opens the configured database (migrated or checked, as the server would) for `work`, then closes it. */
async function withConfiguredDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareSchema(database.db, config.migrateOnStart);
    return await work(database);
  } finally {
    await database.close();
  }
}

process.exitCode = await runAdmin(process.argv.slice(2), {
  ...processOutput,
  config: () => loadConfig(),
  withDatabase: withConfiguredDatabase,
  prompt: terminalPrompt(),
});
