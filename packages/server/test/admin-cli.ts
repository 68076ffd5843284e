import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { DB } from '../src/db/schema';
import { type PasswordPrompt, streamPrompt, type TerminalInput } from '../src/cli/admin-accounts';
import { runAdmin } from '../src/cli/admin-commands';
import { createTestDatabase } from './db';

/** What one run of the command printed and how it exited. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface AdminCliOptions {
  /**
   * The commands' database: a test database of their own (createTestDatabase; default), or
   * PGlite in DATA_DIR as the command itself opens it, for tests of those files (what is stored
   * in them, backups).
   */
  database?: 'test' | 'data-dir';
  /** Settings beside the process's own (MEDIA_S3_BUCKET…). */
  env?: Record<string, string>;
}

async function openDataDir(dataDir: string): Promise<Database> {
  const database = await openDatabase({ dataDir });
  await migrateToLatest(database.db);
  return database;
}

/**
 * `npm run admin` as an operator runs it, called in-process (runAdmin): with DATA_DIR a new
 * directory per call of this function (the settings' secrets, media, backups), the database
 * given above, and stdin as a pipe or a terminal. The database is opened at the first command
 * that needs it and stays open; `closeDatabase()` closes it as the end of a process would.
 * `cleanup()` closes it and removes the directory.
 */
export function createAdminCli({ database: where = 'test', env: extra = {} }: AdminCliOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yk-admin-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...extra };
  let opened: Promise<Database> | undefined;
  const database = () => (opened ??= where === 'test' ? createTestDatabase() : openDataDir(dataDir));

  async function run(args: string[], prompt: PasswordPrompt, shown?: (text: string) => void) {
    const result: CliResult = { code: 0, stdout: '', stderr: '' };
    result.code = await runAdmin(args, {
      out(line) {
        result.stdout += `${line}\n`;
        shown?.(`${line}\n`);
      },
      err(line) {
        result.stderr += `${line}\n`;
        shown?.(`${line}\n`);
      },
      config: () => loadConfig(env),
      withDatabase: async (work) => work(await database()),
      prompt,
    });
    return result;
  }

  /** A run with `input` on its stdin (a pipe, not a terminal; ended at once when undefined). */
  function adminFed(input: string | undefined, ...args: string[]): Promise<CliResult> {
    const stdin = Readable.from(input === undefined ? [] : [input]);
    return run(args, streamPrompt(stdin, new PassThrough()));
  }

  /**
   * A run on a terminal: types each answer once its prompt has appeared. Answers everything the
   * terminal showed, the exit code, and whether echo was off (raw mode) whenever a prompt showed.
   */
  async function adminOnTerminal(answers: [prompt: string, typed: string][], ...args: string[]) {
    let raw = false;
    const keyboard = Object.assign(new PassThrough(), {
      isTTY: true,
      setRawMode(on: boolean) {
        raw = on;
      },
    }) satisfies TerminalInput;
    let shown = '';
    const rawAtPrompts: boolean[] = [];
    const pending = [...answers];
    const show = (text: string) => {
      shown += text;
      const next = pending[0];
      if (next && shown.includes(next[0])) {
        pending.shift();
        rawAtPrompts.push(raw);
        keyboard.write(`${next[1]}\r`);
      }
    };
    const screen = new Writable({
      write(chunk: Buffer, _encoding, done) {
        show(chunk.toString());
        done();
      },
    });
    const { code } = await run(args, streamPrompt(keyboard, screen), show);
    return { code, shown, rawAtPrompts };
  }

  async function closeDatabase() {
    const open = opened;
    opened = undefined;
    await (await open)?.close();
  }

  return {
    dataDir,
    admin: (...args: string[]) => adminFed(undefined, ...args),
    adminFed,
    adminOnTerminal,

    /** Runs `work` on the commands' database. */
    inDatabase: async <T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> => work((await database()).db),

    closeDatabase,

    async cleanup() {
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
