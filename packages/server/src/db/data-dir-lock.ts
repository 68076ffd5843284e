import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from './process-alive';

/** The file in DATA_DIR naming the process that has the embedded database open. */
export const LOCK_FILE = 'yingku.lock';

/** DATA_DIR is open in another live process (a server, an import, a backup). */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `${dataDir} is in use by process ${pid} (a running server, import or backup): ` +
        'stop it first — only one process may open the embedded database',
    );
  }
}

/** Directories this process holds: a second open of one is refused like another process's. */
const heldHere = new Set<string>();

/**
 * Takes DATA_DIR for this process, or throws DataDirInUse. PGlite has no lock of its own, and two
 * processes writing one data directory corrupt it; so does a backup copied while a server writes.
 * The lock is a file with the holder's pid: left behind by a process that died (kill -9), it is
 * taken over once that pid is gone. A pid that is ours but not held here is a previous life of
 * this container's process 1, also gone. (docs/decisions/020-backups.md)
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DataDirInUse(dir, process.pid);
  const holder = lockHolder(dir);
  if (holder !== null) throw new DataDirInUse(dir, holder);
  writeFileSync(file, `${process.pid}\n`);
  heldHere.add(dir);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(dir);
      rmSync(file, { force: true });
    },
  };
}

/** The live process other than this one holding DATA_DIR, or null. */
export function lockHolder(dataDir: string): number | null {
  const dir = path.resolve(dataDir);
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return heldHere.has(dir) ? pid : null;
  return isProcessAlive(pid) ? pid : null;
}
