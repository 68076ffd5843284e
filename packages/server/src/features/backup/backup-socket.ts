import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import type { Logger } from '../../lib/logger';
import { BACKUP_SOCKET, BackupError, type BackupManifest, backupOpenDatabase } from './backup';

// `npm run admin -- backup` while the server runs (decision 077): the server that has DATA_DIR
// open listens on a unix socket in it, owner-only, for one kind of request, one per connection,
// a line of JSON each way.

/** The one request: what the CLI would have written itself with the server stopped. */
const backupRequest = z.strictObject({
  kind: z.literal('backup'),
  file: z.string().min(1).refine(path.isAbsolute, 'an absolute path'),
  withSecrets: z.boolean(),
  key: z.string().min(16).optional(),
});
export type BackupRequest = z.infer<typeof backupRequest>;

type BackupAnswer = { ok: true; manifest: BackupManifest } | { ok: false; error: string };

/** A request is a few hundred bytes; more is not one. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** How long a connection may take to send its request. */
const REQUEST_MS = 10_000;
/** sun_path holds 108 bytes on Linux, 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;

/** Where the server that holds `dataDir` takes backup requests. */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), BACKUP_SOCKET);
}

/**
 * Takes backup requests on DATA_DIR's socket while the app runs; closed with the app. The caller
 * holds DATA_DIR's lock, so a socket file already there is a dead server's and is replaced. A
 * DATA_DIR whose path is too long for a socket gets none: the CLI then asks to stop the server.
 */
export async function listenForBackupRequests(
  database: Database,
  dataDir: string,
  log: Logger,
): Promise<Server | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn(
      { socketPath },
      'DATA_DIR is too long a path for the backup socket: the CLI backs up only offline',
    );
    return undefined;
  }
  await rm(socketPath, { force: true });
  const server = createServer((socket) => void answer(socket, database, dataDir, log));
  // Created owner-only, not made so after: no other user may connect in between.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  await chmod(socketPath, 0o600);
  return server;
}

async function answer(socket: Socket, database: Database, dataDir: string, log: Logger) {
  const reply = (answer: BackupAnswer) => socket.end(`${JSON.stringify(answer)}\n`);
  socket.on('error', () => undefined); // the CLI went away: nothing to tell it
  let line: string;
  try {
    line = await readLine(socket, MAX_REQUEST_BYTES, REQUEST_MS);
  } catch (error) {
    reply({ ok: false, error: (error as Error).message });
    return;
  }
  let request: BackupRequest;
  try {
    request = backupRequest.parse(JSON.parse(line));
  } catch {
    reply({ ok: false, error: 'not a backup request this server reads' });
    return;
  }
  try {
    const manifest = await backupOpenDatabase(database, dataDir, request.file, request);
    log.info(
      { file: request.file, files: manifest.files.length, encrypted: !!request.key },
      'backup written on request',
    );
    reply({ ok: true, manifest });
  } catch (error) {
    log.warn({ err: error, file: request.file }, 'backup on request failed');
    reply({ ok: false, error: (error as Error).message });
  }
}

/** The first line a socket sends, within `limit` bytes and `ms` (0: no limit); rejects otherwise. */
function readLine(socket: Socket, limit: number, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    let settled = false;
    const done = (error?: Error) => {
      if (settled) return;
      settled = true;
      socket.removeAllListeners('data');
      socket.setTimeout(0);
      if (error) reject(error);
      else resolve(text.slice(0, text.indexOf('\n')));
    };
    socket.setEncoding('utf8');
    if (ms > 0) socket.setTimeout(ms, () => done(new Error('no request came in time')));
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) done();
      else if (text.length > limit) done(new Error('the request is too long'));
    });
    socket.once('error', (error) => done(error));
    socket.once('close', () => done(new Error('the connection closed before a whole line came')));
  });
}

/**
 * Asks the server holding `dataDir` to write a backup (`listenForBackupRequests`). Answers the
 * manifest; null when no server takes requests there (an import or an older server holds it, or
 * a server without the socket); throws BackupError with the server's reason when it refused or
 * failed, or when it went away before answering.
 */
export async function requestServerBackup(
  dataDir: string,
  request: BackupRequest,
): Promise<BackupManifest | null> {
  const socket = connect(backupSocketPath(dataDir));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return null;
    throw new BackupError(`the server's backup socket cannot be reached (${code ?? String(error)})`);
  }
  socket.write(`${JSON.stringify(request)}\n`);
  // No time limit: a backup with much media takes as long as it takes.
  let line: string;
  try {
    line = await readLine(socket, Number.MAX_SAFE_INTEGER, 0);
  } catch {
    throw new BackupError(
      `the server stopped answering before the backup was done: ${request.file} exists only if it finished`,
    );
  } finally {
    socket.destroy();
  }
  const answer = JSON.parse(line) as BackupAnswer;
  if (!answer.ok) throw new BackupError(`the running server refused or failed the backup: ${answer.error}`);
  return answer.manifest;
}
