import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { sql } from 'kysely';
import { PERSISTED_SECRETS } from '../../config';
import type { Database } from '../../db/connection';
import { LOCK_FILE, lockDataDir } from '../../db/data-dir-lock';
import { ArchiveKeyError, decryptedArchive, encryptingStream, isEncryptedArchive } from './backup-encryption';

/** The archive's table of contents, first in it: what a restore checks every file against. */
export const MANIFEST = 'yingku-backup.json';
/** Where DATA_DIR's files sit inside the archive. */
const DATA = 'data';
const FORMAT = 1;
/**
 * The socket in DATA_DIR on which the running server takes backup requests (backup-socket.ts,
 * decision 077): never a file of the backup.
 */
export const BACKUP_SOCKET = 'yingku-backup.sock';

export interface BackupManifest {
  format: number;
  createdAt: string;
  files: Array<{ path: string; size: number; sha256: string }>;
}

/** A backup or restore that cannot go on, with a message for the operator. */
export class BackupError extends Error {}

/**
 * Writes all of DATA_DIR — the embedded database, the secrets kept beside it (JWT, sandbox pay
 * key), the nonce journal and media stored there — to `file`, a gzipped tar with a manifest of
 * every file's size and SHA-256, encrypted when `options.key` is given. Takes DATA_DIR's lock for
 * the whole copy, so it refuses to run beside a server (which would change the files under it)
 * rather than write a backup that may not restore. `file` must not exist yet.
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  checkBackupTarget(dataDir, file);
  const sealing = await encryptionFor(options);
  const lock = lockDataDir(dataDir);
  try {
    return await writeArchive(dataDir, file, options, sealing);
  } finally {
    lock.release();
  }
}

export interface BackupOptions {
  /** The secrets kept in DATA_DIR (PERSISTED_SECRETS) go in too; by default they stay out. */
  withSecrets?: boolean;
  /** BACKUP_KEY: the archive is encrypted under it (backup-encryption.ts, decision 077). */
  key?: string | undefined;
}

/** The new archive's encryption, its key derived before any lock or session is held (scrypt: ~2 s). */
async function encryptionFor({ key }: BackupOptions) {
  return key ? encryptingStream(key) : undefined;
}

/**
 * The same archive from the server that has the database open: while it holds the database's
 * one connection (PGlite has one session; every other statement waits), a CHECKPOINT puts every
 * change in the files, which are then copied as they are. Requests wait for the copy: seconds
 * for a demo-sized database.
 */
export async function backupOpenDatabase(
  database: Database,
  dataDir: string,
  file: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  if (database.kind !== 'pglite') throw new BackupError('only the embedded database is backed up this way');
  checkBackupTarget(dataDir, file);
  const sealing = await encryptionFor(options);
  return database.db.connection().execute(async (session) => {
    await sql`CHECKPOINT`.execute(session);
    return writeArchive(dataDir, file, options, sealing);
  });
}

function checkBackupTarget(dataDir: string, file: string) {
  if (existsSync(file)) throw new BackupError(`${file} exists already`);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`${dataDir} holds no embedded database to back up`);
  }
}

/**
 * Writes the archive as `<file>.partial`, readable by its owner only, and names it `file` once
 * whole and on disk. Streamed from the files to the disk: media may be larger than memory.
 */
async function writeArchive(
  dataDir: string,
  file: string,
  { withSecrets = false }: BackupOptions,
  sealing: Awaited<ReturnType<typeof encryptionFor>>,
) {
  const kept = [LOCK_FILE, BACKUP_SOCKET];
  const left = new Set(withSecrets ? kept : [...kept, ...PERSISTED_SECRETS]);
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(file)), '.yingku-backup-'));
  const partial = `${file}.partial`;
  try {
    const files = (await listFiles(dataDir)).filter((relative) => !left.has(relative));
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      files: await Promise.all(
        files.map(async (relative) => {
          const full = path.join(dataDir, relative);
          return { path: relative, size: (await stat(full)).size, sha256: await sha256(full) };
        }),
      ),
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // The data under a link to DATA_DIR: its files go in as `data/…` next to the manifest.
    await symlink(path.resolve(dataDir), path.join(staging, DATA));
    // Owner-only before a byte goes in: the archive holds every member's data. A partial file
    // left by a crash is no backup: it goes.
    await rm(partial, { force: true });
    // The whole tree, empty directories included: PostgreSQL will not start without its
    // empty pg_notify/, pg_tblspc/ and the like.
    const packed = tar.create(
      {
        gzip: true,
        cwd: staging,
        portable: true,
        follow: true,
        filter: (entry) => !left.has(entry.slice(DATA.length + 1)),
      },
      [MANIFEST, DATA],
    );
    // Flushed to the disk before it closes, so before it is named a backup: a crash after the
    // rename keeps a whole one.
    const sink = createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true });
    await (sealing ? pipeline(packed, sealing, sink) : pipeline(packed, sink));
    await rename(partial, file);
    return manifest;
  } catch (error) {
    sealing?.destroy();
    // No half archive is left under any name a restore or a rotation would take for a backup.
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into `dataDir`: unpacked beside it, every file checked against the manifest,
 * then moved into place in one rename. An existing DATA_DIR with files in it is kept: refused
 * unless `force`, and then moved aside to `<dataDir>.before-restore-<time>`. Refused while
 * anything has DATA_DIR open. An encrypted archive (known by its header) needs `key`; every
 * part of it is authenticated before it is unpacked. Answers the manifest and where the old
 * data went, if anywhere.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  { force = false, key }: { force?: boolean; key?: string | undefined } = {},
): Promise<{ manifest: BackupManifest; movedAside: string | undefined }> {
  const target = path.resolve(dataDir);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const occupied = existsSync(target) && (await readdir(target)).length > 0;
  if (occupied && !force) {
    throw new BackupError(`${target} is not empty: pass --force to move it aside and restore`);
  }
  const read = await openArchive(file, key);
  // Held while we work: no server may open the old data or the new meanwhile.
  const lock = occupied ? lockDataDir(target) : undefined;
  await mkdir(path.dirname(target), { recursive: true });
  const unpacked = await mkdtemp(path.join(path.dirname(target), '.yingku-restore-'));
  try {
    try {
      await pipeline(read, tar.extract({ cwd: unpacked, strict: true }));
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
    }
    const manifest = await checkAgainstManifest(unpacked);
    const restored = path.join(unpacked, DATA);
    await mkdir(restored, { recursive: true });
    let movedAside: string | undefined;
    if (occupied) {
      movedAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      lock?.release();
      await rename(target, movedAside);
    } else if (existsSync(target)) {
      await rm(target, { recursive: true });
    }
    await rename(restored, target);
    return { manifest, movedAside };
  } finally {
    lock?.release();
    // A damaged archive fails the extraction while tar may still be writing what it read: the
    // retries let those last writes land before the folder goes (rm retries ENOTEMPTY).
    await rm(unpacked, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/**
 * The archive's tar.gz bytes: the file itself, or decrypted when it is encrypted (its passphrase
 * checked here, before anything is unpacked); refused with the cause.
 */
async function openArchive(file: string, key: string | undefined) {
  try {
    return (await isEncryptedArchive(file)) ? await decryptedArchive(file, key) : createReadStream(file);
  } catch (error) {
    if (error instanceof ArchiveKeyError) throw new BackupError(error.message);
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new BackupError(`${file} cannot be read (${code})`);
  }
}

async function checkAgainstManifest(unpacked: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(unpacked, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`not a Yingku backup: no readable ${MANIFEST}`);
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError(`a backup of format ${String(manifest.format)}, this version reads ${FORMAT}`);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  const present = existsSync(path.join(unpacked, DATA)) ? await listFiles(path.join(unpacked, DATA)) : [];
  const extra = present.filter((relative) => !listed.has(relative));
  if (extra.length > 0)
    throw new BackupError(`the backup holds files its manifest does not list: ${extra[0]}`);
  for (const entry of manifest.files) {
    const full = path.join(unpacked, DATA, entry.path);
    if (!existsSync(full)) throw new BackupError(`the backup is missing ${entry.path}`);
    const size = (await stat(full)).size;
    if (size !== entry.size || (await sha256(full)) !== entry.sha256) {
      throw new BackupError(`the backup is damaged: ${entry.path} does not match its checksum`);
    }
  }
  return manifest;
}

/** Every file under `dir`, relative, sorted; the lock file left out. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => relative !== LOCK_FILE)
    .sort();
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
