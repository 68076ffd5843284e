import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './connection';
import {
  MIGRATION_NAMES,
  MIGRATIONS,
  migrateToLatest,
  pendingBackfills,
  requireCurrentSchema,
  runBackfills,
  SchemaTooOld,
  schemaState,
} from './migrate';
import type { MigrationModule } from './migration-steps';

// What a migration brings besides its transaction (decision 076): an index built CONCURRENTLY
// after it commits, and a backfill the servers do in batches. Each test runs this release's
// migrations plus one of the next release's, as a deploy would.
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const USERS = 2_500;
const NEXT = '0999-user-name-folded';

/** The next release's migration: a column, its index on a large table, and its backfill. */
const nextRelease: MigrationModule = {
  up: async (db) => {
    await sql`ALTER TABLE users ADD COLUMN name_folded text`.execute(db);
  },
  concurrentIndexes: [
    {
      name: 'users_name_folded',
      create: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS users_name_folded ON users (name_folded)',
    },
  ],
  backfills: [
    {
      name: 'users.name_folded',
      batch: async (size, trx) => {
        const { numAffectedRows } = await sql`UPDATE users SET name_folded = lower(user_name)
          WHERE id IN (SELECT id FROM users WHERE name_folded IS NULL ORDER BY id LIMIT ${size})`.execute(
          trx,
        );
        return Number(numAffectedRows ?? 0);
      },
    },
  ],
};
const withNext = { ...MIGRATIONS, [NEXT]: nextRelease };

async function withUsers(): Promise<Database> {
  const opened = await createTestDatabase();
  await sql`INSERT INTO users (user_name, user_name_key, email, password_hash)
    SELECT 'member' || n, 'member' || n, 'member' || n || '@example.test', 'x' FROM generate_series(1, ${USERS}) AS n`.execute(
    opened.db,
  );
  return opened;
}

async function indexValid(db: Database['db'], name: string): Promise<boolean | undefined> {
  const { rows } = await sql<{ valid: boolean }>`SELECT i.indisvalid AS valid FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ${name}`.execute(db);
  return rows[0]?.valid;
}

describe('a migration with a concurrent index and a backfill', () => {
  it('builds the index after the transaction, and records the backfill for the servers', async () => {
    database = await withUsers();
    expect((await schemaState(database.db, withNext)).missing).toEqual([NEXT]);
    expect(await migrateToLatest(database.db, { migrations: withNext })).toEqual([
      NEXT,
      'index users_name_folded',
    ]);
    expect(await indexValid(database.db, 'users_name_folded')).toBe(true);
    await requireCurrentSchema(database.db, withNext);
    expect(await pendingBackfills(database.db)).toEqual(['users.name_folded']);
    // Migrating again finds nothing: no second row, no rebuild.
    expect(await migrateToLatest(database.db, { migrations: withNext })).toEqual([]);
    expect(await pendingBackfills(database.db)).toEqual(['users.name_folded']);
  });

  it('fills the backfill in batches, a round at a time, and finishes it once', async () => {
    database = await withUsers();
    await migrateToLatest(database.db, { migrations: withNext });
    // This release does not know the backfill: its job leaves it alone.
    expect(await runBackfills(database.db, { budgetMs: 0 })).toEqual({});
    const first = await runBackfills(database.db, { migrations: withNext, batchSize: 1_000, budgetMs: 0 });
    expect(first).toEqual({ 'users.name_folded': USERS });
    const { rows } = await sql<{ left: string; done: string; finished: Date | null }>`
      SELECT (SELECT count(*) FROM users WHERE name_folded IS NULL)::text AS left,
             rows_done::text AS done, finished_at AS finished
      FROM schema_backfills WHERE name = 'users.name_folded'`.execute(database.db);
    expect(rows[0]).toMatchObject({ left: '0', done: String(USERS) });
    expect(rows[0]!.finished).toBeInstanceOf(Date);
    expect(await pendingBackfills(database.db)).toEqual([]);
    expect(await runBackfills(database.db, { migrations: withNext, budgetMs: 0 })).toEqual({});
  });

  it('stops a round when its time is spent, and the next round goes on from there', async () => {
    database = await withUsers();
    await migrateToLatest(database.db, { migrations: withNext });
    // A budget spent at once: one batch at most per round.
    const round = await runBackfills(database.db, { migrations: withNext, batchSize: 500, budgetMs: 1 });
    expect(round['users.name_folded']).toBeLessThanOrEqual(500);
    const rest = await runBackfills(database.db, { migrations: withNext, batchSize: 500, budgetMs: 0 });
    expect(round['users.name_folded']! + rest['users.name_folded']!).toBe(USERS);
  });

  it('rebuilds an index a killed build left invalid, and refuses to serve until then', async () => {
    database = await withUsers();
    await migrateToLatest(database.db, { migrations: withNext });
    // What a build cut off half-way leaves: the index there, marked invalid.
    await sql`UPDATE pg_index SET indisvalid = false
      WHERE indexrelid = 'users_name_folded'::regclass`.execute(database.db);
    expect((await schemaState(database.db, withNext)).missing).toEqual([`${NEXT} (index users_name_folded)`]);
    await expect(requireCurrentSchema(database.db, withNext)).rejects.toBeInstanceOf(SchemaTooOld);
    expect(await migrateToLatest(database.db, { migrations: withNext })).toEqual(['index users_name_folded']);
    expect(await indexValid(database.db, 'users_name_folded')).toBe(true);
    await requireCurrentSchema(database.db, withNext);
  });

  it('refuses an index not written CONCURRENTLY before anything is applied', async () => {
    database = await withUsers();
    const plain = {
      ...MIGRATIONS,
      [NEXT]: {
        ...nextRelease,
        concurrentIndexes: [
          { name: 'users_name_folded', create: 'CREATE INDEX users_name_folded ON users (name_folded)' },
        ],
      },
    };
    await expect(migrateToLatest(database.db, { migrations: plain })).rejects.toThrow(
      /CONCURRENTLY IF NOT EXISTS/,
    );
    expect((await schemaState(database.db, plain)).missing).toEqual([NEXT]);
  });

  it('leaves this release’s own schema as it was', async () => {
    database = await createTestDatabase();
    expect(await schemaState(database.db)).toEqual({ missing: [], newer: [] });
    expect(MIGRATION_NAMES).toContain('0029-backfills');
  });
});

// Locks held by other sessions need a server with several connections.
const adminUrl = process.env.DATABASE_URL;
describe.skipIf(!adminUrl)('on PostgreSQL, beside other sessions', () => {
  async function otherSession(): Promise<pg.Client> {
    const url = (await sql<{ db: string }>`SELECT current_database() AS db`.execute(database!.db)).rows[0]!
      .db;
    const client = new pg.Client({ connectionString: adminUrl!.replace(/\/[^/]*$/, `/${url}`) });
    await client.connect();
    return client;
  }

  it('two servers filling the same backfill at once fill each row once', async () => {
    database = await withUsers();
    await migrateToLatest(database.db, { migrations: withNext });
    const [a, b] = await Promise.all([
      runBackfills(database.db, { migrations: withNext, batchSize: 100, budgetMs: 0 }),
      runBackfills(database.db, { migrations: withNext, batchSize: 100, budgetMs: 0 }),
    ]);
    const rows = (a['users.name_folded'] ?? 0) + (b['users.name_folded'] ?? 0);
    expect(rows).toBe(USERS);
    const { rows: state } = await sql<{
      done: string;
    }>`SELECT rows_done::text AS done FROM schema_backfills`.execute(database.db);
    expect(state).toEqual([{ done: String(USERS) }]);
  });

  it('an index build that waits too long for a lock gives up, and the next migrate builds it', async () => {
    database = await withUsers();
    // As a `migrate` killed after its transaction committed leaves it: the column, no index.
    await migrateToLatest(database.db, { migrations: { ...MIGRATIONS, [NEXT]: { up: nextRelease.up } } });
    const holder = await otherSession();
    try {
      // SHARE UPDATE EXCLUSIVE is what CREATE INDEX CONCURRENTLY itself takes: held elsewhere, it waits.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE users IN SHARE UPDATE EXCLUSIVE MODE');
      const waits: number[] = [];
      await expect(
        migrateToLatest(database.db, {
          migrations: withNext,
          lockTimeoutMs: 100,
          tries: 2,
          pauseMs: () => 50,
          onLockTimeout: (attempt) => waits.push(attempt),
        }),
      ).rejects.toThrow(/Building index users_name_folded failed/);
      expect(waits).toEqual([1]);
      expect((await schemaState(database.db, withNext)).missing).toEqual([
        `${NEXT} (index users_name_folded)`,
      ]);
      await holder.query('ROLLBACK');
      expect(await migrateToLatest(database.db, { migrations: withNext })).toEqual([
        'index users_name_folded',
      ]);
      expect(await indexValid(database.db, 'users_name_folded')).toBe(true);
    } finally {
      await holder.end();
    }
  });

  it('the backfill row is busy while one batch runs: another server skips it', async () => {
    database = await withUsers();
    await migrateToLatest(database.db, { migrations: withNext });
    const holder = await otherSession();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM schema_backfills WHERE name = 'users.name_folded' FOR UPDATE`);
      expect(await runBackfills(database.db, { migrations: withNext, budgetMs: 0 })).toEqual({
        'users.name_folded': 0,
      });
      await holder.query('ROLLBACK');
      expect(await runBackfills(database.db, { migrations: withNext, budgetMs: 0 })).toEqual({
        'users.name_folded': USERS,
      });
    } finally {
      await holder.end();
    }
  });
});
