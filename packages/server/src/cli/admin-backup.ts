import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { backupDataDir, BackupError, type BackupManifest, restoreDataDir } from '../features/backup/backup';
import { requestServerBackup } from '../features/backup/backup-socket';
import {
  type PgBackRestSite,
  pgBackRestConfig,
  postgresArchiveSettings,
} from '../features/backup/pgbackrest';
import type { CliOutput } from './admin-output';

export const BACKUP_USAGE = `  npm run admin -- backup FILE [--with-secrets]
      Writes all of DATA_DIR (the embedded database, media; the secrets kept there only with
      --with-secrets) to FILE (.tar.gz, owner-only, with a checksum of every file), encrypted
      with age under BACKUP_KEY when it is set (name it .tar.gz.age). A server running on DATA_DIR
      writes it for you, holding its database still for the copy; or let it back up on a schedule
      itself (BACKUP_EVERY_HOURS).
  npm run admin -- restore FILE [--force]
      Checks FILE (an encrypted one with BACKUP_KEY) and puts it in place as DATA_DIR. A DATA_DIR
      with data in it is kept: refused unless --force, which moves it aside to
      DATA_DIR.before-restore-<time>. Stop the server first.
      With PostgreSQL (DATABASE_URL) use pg_dump and pg_restore instead (docs/operations.md, "Backups").
  npm run admin -- pg-backup-config --pg-path DIR --repo PATH [--stanza yingku] [--pg-port 5432]
      [--socket /var/run/postgresql] [--keep 2] [--conf /etc/pgbackrest/pgbackrest.conf]
      Prints pgbackrest.conf (an encrypted repository, its passphrase from PGBACKREST_CIPHER_PASS
      or generated here) and the postgresql.conf lines that archive every WAL segment to it:
      PostgreSQL's continuous archiving and point-in-time recovery (docs/operations.md, "Backups").`;

/** `pg-backup-config`: pgBackRest's configuration for a PostgreSQL site (features/backup/pgbackrest.ts). */
export interface PgBackupConfigCommand {
  name: 'pg-backup-config';
  site: Omit<PgBackRestSite, 'cipherPass'>;
  conf: string;
}

/** Parses `pg-backup-config`'s options; null for a usage error. */
export function parsePgBackupConfig(args: string[]): PgBackupConfigCommand | null {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: {
        'pg-path': { type: 'string' },
        repo: { type: 'string' },
        stanza: { type: 'string', default: 'yingku' },
        'pg-port': { type: 'string', default: '5432' },
        socket: { type: 'string', default: '/var/run/postgresql' },
        keep: { type: 'string', default: '2' },
        conf: { type: 'string', default: '/etc/pgbackrest/pgbackrest.conf' },
      },
    });
    const port = Number(values['pg-port']);
    const keep = Number(values.keep);
    if (positionals.length > 0 || !values['pg-path'] || !values.repo) return null;
    if (!Number.isInteger(port) || port < 1 || port > 65535 || !Number.isInteger(keep) || keep < 1)
      return null;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(values.stanza)) return null;
    return {
      name: 'pg-backup-config',
      conf: values.conf,
      site: {
        stanza: values.stanza,
        pgPath: values['pg-path'],
        pgPort: port,
        pgSocketPath: values.socket,
        repoPath: values.repo,
        keepFull: keep,
        logPath: '/var/log/pgbackrest',
        lockPath: '/tmp/pgbackrest',
        spoolPath: '/var/spool/pgbackrest',
      },
    };
  } catch {
    return null;
  }
}

/** Prints the configuration; a generated passphrase is said to be kept apart from the backups. */
export function printPgBackupConfig(
  command: PgBackupConfigCommand,
  output: CliOutput,
  env = process.env,
): number {
  const given = env.PGBACKREST_CIPHER_PASS;
  const cipherPass = given && given.length >= 20 ? given : randomBytes(32).toString('base64url');
  output.out(`# ${command.conf} (owner postgres, mode 600: it holds the passphrase)`);
  output.out(pgBackRestConfig({ ...command.site, cipherPass }));
  output.out('# postgresql.conf, then restart PostgreSQL:');
  output.out(postgresArchiveSettings(command.site, command.conf));
  output.out(
    [
      '# then, as postgres:',
      `#   pgbackrest --stanza=${command.site.stanza} stanza-create && pgbackrest --stanza=${command.site.stanza} check`,
      `#   pgbackrest --stanza=${command.site.stanza} backup --type=full   (weekly; --type=diff daily, from cron)`,
    ].join('\n'),
  );
  if (!given) {
    output.err(
      'A new repository passphrase was generated above. Keep a copy apart from the backups: without it nothing restores.',
    );
  }
  return 0;
}

export type BackupCommand =
  { name: 'backup'; file: string; withSecrets: boolean } | { name: 'restore'; file: string; force: boolean };

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
  const { key } = config.backup;
  if (command.name === 'backup') {
    const { file, withSecrets } = command;
    // The server that has DATA_DIR open writes it (decision 077); with none, this process does.
    const byServer = await requestServerBackup(config.dataDir, {
      kind: 'backup',
      file,
      withSecrets,
      ...(key ? { key } : {}),
    });
    const manifest: BackupManifest =
      byServer ?? (await backupDataDir(config.dataDir, file, { withSecrets, key }));
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    output.out(
      `Backed up ${config.dataDir} to ${file}${byServer ? ' (by the running server)' : ''}: ` +
        `${manifest.files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB` +
        `${key ? ', encrypted with BACKUP_KEY' : ''}`,
    );
    return 0;
  }
  const { manifest, movedAside } = await restoreDataDir(command.file, config.dataDir, {
    force: command.force,
    key,
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
