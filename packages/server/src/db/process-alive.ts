import { readFileSync } from 'node:fs';

/**
 * Whether a process still runs. A zombie counts as gone: it has exited and holds no files, it only
 * waits to be reaped — which, in a container whose process 1 does not reap, may be never (a worker
 * killed with kill -9 stays a zombie there, and its pid must not keep DATA_DIR locked).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/<pid>/stat: "pid (name) S …" — the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): kill(0) answered, so it runs
  }
}
