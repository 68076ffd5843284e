import { sql } from 'kysely';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { backupDataDir, BackupError, restoreDataDir } from '../features/backup/backup';
import type { CliOutput } from './admin-output';

export const BACKUP_USAGE = `  npm run admin -- backup FILE
      Writes all of DATA_DIR (the embedded database, its secrets, media) to FILE (.tar.gz, with a
      checksum of every file). Stop the server first: a backup refuses to run beside it.
  npm run admin -- restore FILE [--force]
      Checks FILE and puts it in place as DATA_DIR. A DATA_DIR with data in it is kept: refused
      unless --force, which moves it aside to DATA_DIR.before-restore-<time>. Stop the server first.
      With PostgreSQL (DATABASE_URL) use pg_dump and pg_restore instead (docs/operations.md, "Backups").`;

export type BackupCommand =
  { name: 'backup'; file: string } | { name: 'restore'; file: string; force: boolean };

/** Tables whose rows a restore reports, so the operator sees the data came back. */
const COUNTED = ['users', 'orders', 'likes', 'collect_entries', 'support_threads', 'works'] as const;

export async function runBackupCommand(
  command: BackupCommand,
  config: AppConfig,
  output: CliOutput,
): Promise<number> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc and restore with pg_restore ' +
        '(docs/operations.md, "Backups"); this command covers the embedded database in DATA_DIR',
    );
  }
  if (command.name === 'backup') {
    const manifest = await backupDataDir(config.dataDir, command.file);
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    output.out(
      `Backed up ${config.dataDir} to ${command.file}: ${manifest.files.length} files, ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    return 0;
  }
  const { manifest, movedAside } = await restoreDataDir(command.file, config.dataDir, {
    force: command.force,
  });
  if (movedAside) output.out(`The data that was in ${config.dataDir} is now in ${movedAside}`);
  // Opened as the server would (migrated: a backup of an older version is brought up to date),
  // and counted: a backup that does not open is found now, not at the next start.
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const counts: string[] = [];
    for (const table of COUNTED) {
      const { n } = await database.db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      counts.push(`${n} ${table}`);
    }
    output.out(
      `Restored ${command.file} (made ${manifest.createdAt}) into ${config.dataDir}: ${counts.join(', ')}`,
    );
  } finally {
    await database.close();
  }
  return 0;
}
