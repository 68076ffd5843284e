import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/connection';
import type { DB } from '../src/db/schema';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..', '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const adminScript = path.join(root, 'packages/server/src/cli/admin.ts');

/** What one run of the command printed and how it exited. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin` as an operator runs it, on an embedded database of its own (a new DATA_DIR
 * per call of this function): plain, with stdin fed, or on a terminal; and the database
 * itself between runs. `cleanup()` removes the directory.
 */
export function createAdminCli() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yk-admin-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };

  /** A run with `input` on its stdin (a pipe, not a terminal; closed at once when undefined). */
  async function adminFed(input: string | undefined, ...args: string[]): Promise<CliResult> {
    const running = run(tsx, [adminScript, ...args], { cwd: root, env });
    running.child.stdin?.end(input);
    try {
      const { stdout, stderr } = await running;
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  return {
    dataDir,
    admin: (...args: string[]) => adminFed(undefined, ...args),
    adminFed,

    /**
     * A run on a terminal (a pseudo-terminal from util-linux `script`): types each answer once
     * its prompt has appeared. Answers everything the terminal showed and the exit code.
     */
    adminOnTerminal(answers: [prompt: string, typed: string][], ...args: string[]) {
      const command = [tsx, adminScript, ...args].join(' ');
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: root, env });
      let shown = '';
      const pending = [...answers];
      child.stdout.on('data', (chunk: Buffer) => {
        shown += chunk.toString();
        const next = pending[0];
        if (next && shown.includes(next[0])) {
          pending.shift();
          child.stdin.write(`${next[1]}\r`);
        }
      });
      return new Promise<{ code: number | null; shown: string }>((resolve) => {
        child.on('exit', (code) => resolve({ code, shown }));
      });
    },

    /** Runs `work` on the command's database while no run is open (PGlite is one process's). */
    async inDatabase<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
      const database = await openDatabase({ dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },

    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
