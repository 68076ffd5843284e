import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/connection';
import type { Logger } from '../../lib/logger';
import { backupOpenDatabase } from './backup';

export interface BackupScheduleSettings {
  /** Where the archives go: outside DATA_DIR, so a backup never holds the backups before it. */
  dir: string;
  /** How many of the newest archives are kept; older ones are removed after each new one. */
  keep: number;
  /** The secrets DATA_DIR keeps go in too (BACKUP_SECRETS). */
  withSecrets: boolean;
  /** BACKUP_KEY: the archives are encrypted under it (decision 077); undefined: plain. */
  key?: string | undefined;
}

const ARCHIVE = /^yingku-\d{8}-\d{6}\.tar\.gz(\.age)?$/;

/**
 * `yingku-YYYYMMDD-HHmmss.tar.gz`, UTC: names that sort as their times; `.age` after it when
 * encrypted (an age file, decision 077), so a listing tells which need the key.
 */
export function archiveName(at: Date, encrypted = false): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `yingku-${stamp}.tar.gz${encrypted ? '.age' : ''}`;
}

/**
 * The embedded database's scheduled backups (BACKUP_EVERY_HOURS): the running server writes an
 * archive of DATA_DIR (backup.ts, the same one `npm run admin -- restore` reads), then keeps the
 * newest `keep`. Answers the archive's path.
 */
export function createBackupSchedule(
  database: Database,
  dataDir: string,
  settings: BackupScheduleSettings,
  log: Logger,
) {
  return async function backUp(now = new Date()): Promise<string> {
    await mkdir(settings.dir, { recursive: true, mode: 0o700 });
    // What a backup cut short left (the process killed mid-copy): never taken for a backup.
    for (const name of await readdir(settings.dir)) {
      if (name.endsWith('.partial')) await rm(path.join(settings.dir, name), { force: true });
    }
    const file = path.join(settings.dir, archiveName(now, !!settings.key));
    const { withSecrets, key } = settings;
    const manifest = await backupOpenDatabase(database, dataDir, file, { withSecrets, key });
    const kept = (await readdir(settings.dir)).filter((name) => ARCHIVE.test(name)).sort();
    const removed = kept.slice(0, Math.max(0, kept.length - settings.keep));
    for (const name of removed) await rm(path.join(settings.dir, name), { force: true });
    log.info({ file, files: manifest.files.length, encrypted: !!key, removed }, 'backup written');
    return file;
  };
}
