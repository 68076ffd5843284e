/**
 * `npm run admin -- <command>`, callable as a function: argv in, exit code out, its lines to
 * the output it is given, on the database it is given (admin.ts wires it to the process; tests
 * call it in-process).
 *   packages, package-add, package-set             the VIP packages (admin-packages.ts)
 *   create-admin USER                              the first admin (admin-accounts.ts)
 *   reset-password USER                            a new password, roles untouched (admin-accounts.ts)
 *   codes --package <id|name> --count N [--batch NAME] [--csv FILE]
 *                                                  a batch of activation codes
 *   backup FILE, restore FILE [--force]            the embedded database (admin-backup.ts)
 *   pg-backup-config --pg-path DIR --repo PATH     pgBackRest for PostgreSQL (admin-backup.ts)
 *   media attach --work NUMBER FILE, media import FILE.jsonl
 *                                                  videos for works (admin-media.ts)
 *   media check, media edge-config                 how videos reach players (admin-media-delivery.ts)
 */
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { format, parseArgs } from 'node:util';
import { batchCsv } from '@yingku/contract';
import { type AppConfig, ConfigError } from '../config';
import type { Database } from '../db/connection';
import { DataDirInUse } from '../db/data-dir-lock';
import { createOperatorAccounts } from '../features/accounts/operator-accounts.service';
import {
  type CodeBatch,
  createActivationCodesService,
  defaultBatch,
  MAX_BATCH,
} from '../features/activation-codes/activation-codes.service';
import { BackupError } from '../features/backup/backup';
import { createMembershipService } from '../features/membership/membership.service';
import { createVipPackagesService } from '../features/vip-packages/vip-packages.service';
import { AppError } from '../http/errors';
import { CommandError } from './command-error';
import {
  BACKUP_USAGE,
  type BackupCommand,
  type PgBackupConfigCommand,
  parsePgBackupConfig,
  printPgBackupConfig,
  runBackupCommand,
} from './admin-backup';
import {
  type MediaAttachCommand,
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
  parseResetPassword,
  type PasswordPrompt,
  type ResetPasswordCommand,
  runCreateAdmin,
  runResetPassword,
  type WithAccounts,
} from './admin-accounts';
import type { CliOutput } from './admin-output';
import { MEDIA_DELIVERY_USAGE, type MediaDeliveryCommand } from './admin-media-delivery';
import {
  type PackageCommand,
  packageLine,
  PACKAGES_USAGE,
  parsePackageCommand,
  type RefusedValue,
  runPackageCommand,
} from './admin-packages';

/** What the commands run with; admin.ts gives the process's, tests their own. */
export interface AdminContext extends CliOutput {
  /** The settings (DATA_DIR, DATABASE_URL…), read only by commands that need them. */
  config(): AppConfig;
  /** Runs `work` on the configured database, migrated as the server would, closing what it opened. */
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>;
  /** Where create-admin's password comes from: stdin, or typed on a terminal. */
  prompt: PasswordPrompt;
}

/** The activation-codes service with the services it calls, for one command's database. */
const activationCodes = (db: Database['db']) =>
  createActivationCodesService({
    db,
    membership: createMembershipService(db),
    packages: createVipPackagesService({ db }),
  });

const USAGE = `Usage:
${PACKAGES_USAGE}
${ACCOUNTS_USAGE}
${BACKUP_USAGE}
${MEDIA_USAGE}
${MEDIA_IMPORT_USAGE}
${MEDIA_DELIVERY_USAGE}
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
  | ResetPasswordCommand
  | BackupCommand
  | PgBackupConfigCommand
  | MediaAttachCommand
  | MediaImportCommand
  | MediaDeliveryCommand;

function parseCommandLine(argv: string[]): Command | null {
  if (argv[0] === 'package-add' || argv[0] === 'package-set') {
    return parsePackageCommand(argv[0], argv.slice(1));
  }
  if (argv[0] === 'create-admin') return parseCreateAdmin(argv.slice(1));
  if (argv[0] === 'reset-password') return parseResetPassword(argv.slice(1));
  if (argv[0] === 'media') return parseMediaCommand(argv.slice(1));
  if (argv[0] === 'pg-backup-config') return parsePgBackupConfig(argv.slice(1));
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
        'with-secrets': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return null;
    if ((positionals[0] === 'backup' || positionals[0] === 'restore') && positionals.length === 2) {
      // npm runs scripts from the repository root; a relative path means where the user typed it.
      const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[1]!);
      return positionals[0] === 'backup'
        ? { name: 'backup', file, withSecrets: !!values['with-secrets'] }
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
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CommandError(`${file} exists already`);
    throw error;
  }
}

async function listPackages(context: AdminContext): Promise<number> {
  const packages = await context.withDatabase(({ db }) => createVipPackagesService({ db }).list());
  for (const p of packages) context.out(packageLine(p));
  return 0;
}

async function makeCodes(
  { packageRef, count, batch, csv }: Extract<Command, { name: 'codes' }>,
  context: AdminContext,
): Promise<number> {
  // Created before the database is opened: an existing file stops us with nothing touched.
  const file = csv ? await createNew(csv) : undefined;
  let made: CodeBatch;
  try {
    made = await context.withDatabase(({ db }) =>
      activationCodes(db).createBatch(packageRef, count, batch, async (codes) => {
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
  if (!file) context.out(made.codes.join('\n'));
  const { id, name, days } = made.package;
  const where = csv ? `, written to ${csv}` : '';
  context.err(
    `${made.codes.length} codes for ${name} (package ${id}, ${days} days) in batch ${made.batch}${where}`,
  );
  return 0;
}

async function run(command: Command, context: AdminContext): Promise<number> {
  if (command.name === 'refused') {
    context.err(command.message);
    return 1;
  }
  if (command.name === 'packages') return listPackages(context);
  if (command.name === 'backup' || command.name === 'restore') {
    return runBackupCommand(command, context.config(), context);
  }
  if (command.name === 'codes') return makeCodes(command, context);
  if (command.name === 'pg-backup-config') return printPgBackupConfig(command, context);
  if (
    command.name === 'media-attach' ||
    command.name === 'media-import' ||
    command.name === 'media-check' ||
    command.name === 'media-edge-config'
  ) {
    const { withDatabase } = context;
    return runMediaCommand(command, { config: context.config(), withDatabase, output: context });
  }
  if (command.name === 'create-admin' || command.name === 'reset-password') {
    const withAccounts: WithAccounts = (work) =>
      context.withDatabase(({ db }) => work(createOperatorAccounts(db)));
    return command.name === 'create-admin'
      ? runCreateAdmin(command, context.prompt, withAccounts, context)
      : runResetPassword(command, context.prompt, withAccounts, context);
  }
  return context.withDatabase(({ db }) =>
    runPackageCommand(command, createVipPackagesService({ db }), context),
  );
}

/** What an operator can act on, as they should read it; undefined for a fault of ours. */
function operatorMessage(error: unknown): string | undefined {
  if (error instanceof AppError) return error.detail ?? error.message;
  const known =
    error instanceof ConfigError ||
    error instanceof CommandError ||
    error instanceof BackupError ||
    error instanceof DataDirInUse;
  return known ? error.message : undefined;
}

/**
 * Runs `npm run admin -- <argv>`: 0 done, 1 refused or failed (the reason on `err`), 2 a
 * command line that makes no sense (the usage on `err`).
 */
export async function runAdmin(argv: string[], context: AdminContext): Promise<number> {
  const command = parseCommandLine(argv);
  if (!command) {
    context.err(USAGE);
    return 2;
  }
  try {
    return await run(command, context);
  } catch (error) {
    context.err(operatorMessage(error) ?? format(error));
    return 1;
  }
}
