/**
 * `npm run admin -- <command>`: operator tasks on the configured database.
 *   packages, package-add, package-set             the VIP packages (admin-packages.ts)
 *   create-admin USER                              the first admin (admin-accounts.ts)
 *   codes --package <id|name> --count N [--batch NAME] [--csv FILE]
 *                                                  a batch of activation codes
 *   backup FILE, restore FILE [--force]            the embedded database (admin-backup.ts)
 *   media attach --work NUMBER FILE, media import FILE.jsonl
 *                                                  videos for works (admin-media.ts)
 */
import { open, rm } from 'node:fs/promises';
import { batchCsv } from '@yingku/contract';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { DataDirInUse } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrate';
import type { DB } from '../db/schema';
import { AccountInputError, createOperatorAccounts } from '../features/accounts/operator-accounts.service';
import {
  BatchError,
  type CodeBatch,
  createActivationCodesService,
  defaultBatch,
  MAX_BATCH,
} from '../features/activation-codes/activation-codes.service';
import { createVipPackagesService } from '../features/vip-packages/vip-packages.service';
import { AppError } from '../http/errors';
import { BackupError } from '../features/backup/backup';
import { BACKUP_USAGE, type BackupCommand, runBackupCommand } from './admin-backup';
import {
  type MediaAttachCommand,
  MediaCommandError,
  type MediaImportCommand,
  MEDIA_IMPORT_USAGE,
  MEDIA_USAGE,
  parseMediaCommand,
  runMediaCommand,
} from './admin-media';
import {
  ACCOUNTS_USAGE,
  type CreateAdminCommand,
  parseCreateAdmin,
  runCreateAdmin,
  terminalPrompt,
} from './admin-accounts';
import {
  type PackageCommand,
  packageLine,
  PACKAGES_USAGE,
  parsePackageCommand,
  type RefusedValue,
  runPackageCommand,
} from './admin-packages';
import { processOutput } from './admin-output';

const USAGE = `Usage:
${PACKAGES_USAGE}
${ACCOUNTS_USAGE}
${BACKUP_USAGE}
${MEDIA_USAGE}
${MEDIA_IMPORT_USAGE}
  npm run admin -- codes --package <id|name> --count N [--batch NAME] [--csv FILE]
      Makes N activation codes (1 … ${MAX_BATCH}) for a package. Codes are printed one per line,
      or written to FILE as CSV (code,package,batch); FILE must not exist yet. Only their
      SHA-256 is stored: keep the output, it cannot be shown again. --batch names the batch
      (default: codes-<UTC time>).

Uses the same settings as the server (DATABASE_URL, DATA_DIR). With the embedded database
(no DATABASE_URL) stop the server first: only one process can open DATA_DIR.`;

type Command =
  | { name: 'packages' }
  | RefusedValue
  | { name: 'codes'; packageRef: string; count: number; batch: string; csv: string | undefined }
  | PackageCommand
  | CreateAdminCommand
  | BackupCommand
  | MediaAttachCommand
  | MediaImportCommand;

function parseCommandLine(argv: string[]): Command | null {
  if (argv[0] === 'package-add' || argv[0] === 'package-set') {
    return parsePackageCommand(argv[0], argv.slice(1));
  }
  if (argv[0] === 'create-admin') return parseCreateAdmin(argv.slice(1));
  if (argv[0] === 'media') return parseMediaCommand(argv.slice(1));
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        package: { type: 'string' },
        count: { type: 'string' },
        batch: { type: 'string' },
        csv: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return null;
    if ((positionals[0] === 'backup' || positionals[0] === 'restore') && positionals.length === 2) {
      const file = positionals[1]!;
      return positionals[0] === 'backup'
        ? { name: 'backup', file }
        : { name: 'restore', file, force: !!values.force };
    }
    if (positionals.length !== 1) return null;
    if (positionals[0] === 'packages') return { name: 'packages' };
    if (positionals[0] !== 'codes') return null;
    const count = Number(values.count);
    const batch = values.batch?.trim() || defaultBatch(new Date());
    if (!values.package || !Number.isInteger(count) || count < 1 || count > MAX_BATCH || batch.length > 64) {
      return null;
    }
    // npm runs scripts from the repository root; a relative path means where the user typed it.
    const csv = values.csv && path.resolve(process.env.INIT_CWD ?? process.cwd(), values.csv);
    return { name: 'codes', packageRef: values.package.trim(), count, batch, csv };
  } catch {
    return null; // an unknown option
  }
}

/** Opens a new file for writing, readable by its owner only; refuses to replace one. */
async function createNew(file: string) {
  try {
    return await open(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BatchError(`${file} exists already`);
    throw error;
  }
}

/** Opens the configured database (migrated, as the server would) for `work`, then closes it. */
async function withDatabase<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function listPackages(): Promise<number> {
  const packages = await withDatabase((db) => createVipPackagesService(db).list());
  for (const p of packages) console.log(packageLine(p));
  return 0;
}

async function makeCodes({
  packageRef,
  count,
  batch,
  csv,
}: Extract<Command, { name: 'codes' }>): Promise<number> {
  // Created before the database is opened: an existing file stops us with nothing touched.
  const file = csv ? await createNew(csv) : undefined;
  let made: CodeBatch;
  try {
    made = await withDatabase((db) =>
      createActivationCodesService(db).createBatch(packageRef, count, batch, async (codes) => {
        // Written inside the transaction: a batch nobody received is never stored.
        await file?.writeFile(batchCsv({ ...codes, packageName: codes.package.name }));
        await file?.sync();
      }),
    );
  } catch (error) {
    // Nothing was stored, so no file may suggest otherwise.
    if (csv) await rm(csv, { force: true });
    throw error;
  } finally {
    await file?.close();
  }
  if (!file) console.log(made.codes.join('\n'));
  const { id, name, days } = made.package;
  const where = csv ? `, written to ${csv}` : '';
  console.error(
    `${made.codes.length} codes for ${name} (package ${id}, ${days} days) in batch ${made.batch}${where}`,
  );
  return 0;
}

async function main(): Promise<number> {
  const command = parseCommandLine(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  if (command.name === 'refused') {
    console.error(command.message);
    return 1;
  }
  if (command.name === 'packages') return listPackages();
  if (command.name === 'backup' || command.name === 'restore') return runBackupCommand(command, loadConfig());
  if (command.name === 'codes') return makeCodes(command);
  if (command.name === 'media-attach' || command.name === 'media-import')
    return runMediaCommand(command, loadConfig());
  if (command.name === 'create-admin') {
    return runCreateAdmin(command, terminalPrompt(), (work) =>
      withDatabase((db) => work(createOperatorAccounts(db))),
    );
  }
  return withDatabase((db) => runPackageCommand(command, createVipPackagesService(db), processOutput));
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof AppError) {
      console.error(error.detail ?? error.message);
      process.exitCode = 1;
      return;
    }
    const known =
      error instanceof ConfigError ||
      error instanceof BatchError ||
      error instanceof AccountInputError ||
      error instanceof BackupError ||
      error instanceof MediaCommandError ||
      error instanceof DataDirInUse;
    console.error(known ? error.message : error);
    process.exitCode = 1;
  },
);
