import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { MIGRATION_NAMES, migrateToLatest, migrateUpTo, schemaState } from '../src/db/migrate';
import { createPostgresTestDatabase } from './db';

// Migrations apart from start on a real PostgreSQL (decision 072): a server refuses an old
// schema, `npm run migrate` brings it up to date, two runs at once, a run that waits on a lock,
// a run killed half-way. Runs where DATABASE_URL is set (.ci/run does); skipped on PGlite.
const adminUrl = process.env.DATABASE_URL;
const SRC = path.join(import.meta.dirname, '..', 'src');
/**
 * A migration that creates tables and then alters login_sessions: held up by a lock on that
 * table, it is caught half-way. BEFORE is the migration before it.
 */
const HALF_WAY = { name: '0028-two-factor', creates: 'two_factor', waitsOn: 'login_sessions' };
const BEFORE = '0027-staff-trust';
const FROM_BEFORE = MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(HALF_WAY.name));

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** A process entry (main.ts, migrate.ts) on `url`, until it exits; `child` to kill it. */
function run(entry: string, url: string, extra: Record<string, string> = {}, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SRC, entry), ...args], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_READ_URL: '',
      REDIS_URL: '',
      MIGRATE_ON_START: '',
      DEMO_DATA: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: 'migrate-deploy-jwt-secret-0123456789abcdef',
      LOG_LEVEL: 'silent',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited };
}

async function stateOf(url: string) {
  const database = await openDatabase({ url });
  try {
    return await schemaState(database.db);
  } finally {
    await database.close();
  }
}

async function migratedUpTo(url: string, name: Parameters<typeof migrateUpTo>[1]) {
  const database = await openDatabase({ url });
  try {
    await migrateUpTo(database.db, name);
  } finally {
    await database.close();
  }
}

/** A session holding `lock` on `table` until released: what a long query does to a migration. */
async function holdLock(url: string, table: string, mode = 'ACCESS SHARE') {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ${mode} MODE`);
  return {
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** Waits until some session of the database waits on a lock (the migration, queued). */
async function someoneWaitsOnALock(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 300; i += 1) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
        [name],
      );
      if (rows[0].n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no session ever waited on a lock');
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('migrations apart from start, on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('a server refuses an old schema naming the command; two `migrate` at once; then it serves', async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    const refused = await run('main.ts', database.url).exited;
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('npm run migrate');
    expect(refused.output).toContain(MIGRATION_NAMES.at(-1)!);
    // The refusal changed nothing.
    expect((await stateOf(database.url)).missing).toEqual(MIGRATION_NAMES);

    const [one, two] = await Promise.all([
      run('migrate.ts', database.url).exited,
      run('migrate.ts', database.url).exited,
    ]);
    expect([one.code, two.code]).toEqual([0, 0]);
    const outputs = [one.output, two.output].sort();
    // One applied everything; the other waited for it and found nothing to do (or, started
    // after it, saw the schema up to date before taking the lock).
    expect(outputs.filter((o) => o.includes(`Applied ${MIGRATION_NAMES.length} migration(s)`))).toHaveLength(
      1,
    );
    expect(outputs.filter((o) => o.includes('nothing to migrate'))).toHaveLength(1);
    expect((await stateOf(database.url)).missing).toEqual([]);
    // The backfills to the end (none pending here), and an option it does not know, refused.
    const backfills = await run('migrate.ts', database.url, {}, ['--backfills']).exited;
    expect(backfills.code, backfills.output).toBe(0);
    const unknown = await run('migrate.ts', database.url, {}, ['--backfill']).exited;
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('Unknown option --backfill. Usage: npm run migrate [-- --backfills]');

    const server = run('main.ts', database.url);
    const started = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${seen}`)), 60_000);
      server.child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('影库 is running')) {
          clearTimeout(timer);
          resolve(seen);
        }
      });
    });
    expect(started).toContain('PostgreSQL');
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });

  it('gives up on a lock held too long, rolls back, and finishes once it is free', async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    await migratedUpTo(database.url, BEFORE);
    const blocker = await holdLock(database.url, HALF_WAY.waitsOn);
    const opened = await openDatabase({ url: database.url });
    try {
      const waits: number[] = [];
      const applied = await migrateToLatest(opened.db, {
        lockTimeoutMs: 200,
        tries: 4,
        pauseMs: () => 100,
        onLockTimeout: (attempt) => {
          waits.push(attempt);
          // The long query ends after the migration's second try gave up.
          if (attempt === 2) void blocker.release();
        },
      });
      expect(waits).toEqual([1, 2]);
      expect(applied).toEqual(FROM_BEFORE);

      // Held for good: every try gives up, and the schema is as it was.
      await migrateUpTo(opened.db, BEFORE);
      const forever = await holdLock(database.url, HALF_WAY.waitsOn);
      try {
        await expect(
          migrateToLatest(opened.db, { lockTimeoutMs: 100, tries: 2, pauseMs: () => 50 }),
        ).rejects.toThrow(`Database migration failed (${HALF_WAY.name})`);
        expect((await schemaState(opened.db)).missing).toEqual(FROM_BEFORE);
      } finally {
        await forever.release();
      }
    } finally {
      await opened.close();
    }
  });

  it('leaves nothing of a `migrate` killed half-way; the next run does it all', async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    await migratedUpTo(database.url, BEFORE);
    // HALF_WAY creates its tables, then waits to alter its table: killed there.
    const blocker = await holdLock(database.url, HALF_WAY.waitsOn);
    const migrating = run('migrate.ts', database.url);
    await someoneWaitsOnALock(database.url, database.name);
    migrating.child.kill('SIGKILL');
    expect((await migrating.exited).signal).toBe('SIGKILL');
    await blocker.release();

    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      // The killed session's transaction is rolled back once the server notices it is gone.
      await expect
        .poll(
          async () => (await check.query(`SELECT to_regclass($1)::text AS t`, [HALF_WAY.creates])).rows[0].t,
          {
            timeout: 10_000,
          },
        )
        .toBeNull();
    } finally {
      await check.end();
    }
    expect((await stateOf(database.url)).missing).toEqual(FROM_BEFORE);
    const again = await run('migrate.ts', database.url).exited;
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain(`Applied ${FROM_BEFORE.length} migration(s): ${FROM_BEFORE.join(', ')}`);
  });
});
