/**
 * `npm run import -- FILE.jsonl [--batch-size 500]`: loads a JSON Lines catalogue
 * (docs/import-format.md) into the configured database. Exit code 1 when any line failed.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { DataDirInUse } from '../db/data-dir-lock';
import { takeWorkerLease } from '../db/worker-lease';
import { createIdGenerator } from '../features/catalogue-write/id-generator';
import { prepareSchema } from '../db/migrate';
import { importCatalogue, type ImportProgress } from '../features/catalogue-import/catalogue-import.service';
import { formatError, formatProgress, formatSummary } from '../features/catalogue-import/import-report';

const USAGE = 'Usage: npm run import -- FILE.jsonl [--batch-size 500]';
/** Failed lines printed as they happen; all of them are counted in the summary. */
const PRINTED_ERRORS = 100;

/**
 * A terminal status line rewritten in place; without a terminal (a log, a pipe), a plain line
 * every few seconds instead.
 */
function statusLine(out: NodeJS.WriteStream) {
  let last = 0;
  let shown = '';
  const clear = () => out.isTTY && shown && out.write('\r\x1b[K');
  return {
    update(progress: ImportProgress) {
      shown = formatProgress(progress);
      if (out.isTTY) out.write(`\r\x1b[K${shown}`);
      else if (Date.now() - last >= 5000) out.write(`${shown}\n`);
      last = Date.now();
    },
    /** Prints a message above the status line. */
    print(message: string) {
      clear();
      console.error(message);
      if (out.isTTY && shown) out.write(shown);
    },
    end() {
      clear();
      shown = '';
    },
  };
}

function parseCommandLine(): { file: string; batchSize: number } | null {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { 'batch-size': { type: 'string', default: '500' } },
    });
    const batchSize = Number(values['batch-size']);
    if (positionals.length !== 1 || !Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) {
      return null;
    }
    // npm runs scripts from the repository root; a relative path means where the user typed it.
    return { file: path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!), batchSize };
  } catch {
    return null; // an unknown option
  }
}

async function main(): Promise<number> {
  const args = parseCommandLine();
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const { file, batchSize } = args;
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 1;
  }

  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareSchema(database.db, config.migrateOnStart);
    // Work ids made here must not collide with those of servers importing at the same time.
    const lease = await takeWorkerLease(config.databaseUrl);
    const status = statusLine(process.stdout);
    let printed = 0;
    const report = await importCatalogue(database.db, createReadStream(file), {
      batchSize,
      newId: createIdGenerator({ workerId: () => lease.workerId() }),
      onProgress: status.update,
      onError(error) {
        printed += 1;
        if (printed <= PRINTED_ERRORS) status.print(formatError(error));
        if (printed === PRINTED_ERRORS + 1) status.print('… further failed lines are counted, not printed');
      },
    });
    status.end();
    await lease.release();
    console.log(formatSummary(report));
    return report.failed > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirInUse ? error.message : error);
    process.exitCode = 1;
  },
);
