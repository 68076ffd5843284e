import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './connection';
import { inTransaction } from './executor';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

interface PreparedRow {
  statement: string;
  generic_plans: string;
  custom_plans: string;
}

describe.skipIf(!process.env.DATABASE_URL)('statements through `prepared` (PostgreSQL)', () => {
  it('are prepared once a connection and run on one generic plan, whatever the values', async () => {
    const rows = await database.prepared.connection().execute(async (db) => {
      for (const number of ['A-1', 'B-2', 'C-3']) {
        await sql`SELECT id FROM works WHERE number = ${number} AND NOT hidden`.execute(db);
      }
      return (
        await sql<PreparedRow>`SELECT statement, generic_plans::text, custom_plans::text
          FROM pg_prepared_statements WHERE statement LIKE 'SELECT id FROM works WHERE number%'`.execute(db)
      ).rows;
    });
    expect(rows).toEqual([
      {
        statement: 'SELECT id FROM works WHERE number = $1 AND NOT hidden',
        generic_plans: '3',
        custom_plans: '0',
      },
    ]);
  });

  it('runs unnamed past the cap, never preparing without end', async () => {
    const prepared = await database.prepared.connection().execute(async (db) => {
      for (let i = 0; i < 300; i++) {
        const { rows } = await sql<{ n: number }>`SELECT ${sql.raw(String(i))}::int + ${1}::int AS n`.execute(
          db,
        );
        expect(rows).toEqual([{ n: i + 1 }]);
      }
      return (await sql<{ n: string }>`SELECT count(*)::text AS n FROM pg_prepared_statements`.execute(db))
        .rows;
    });
    expect(prepared).toEqual([{ n: '256' }]);
  });

  it('leave the other connections unprepared', async () => {
    await sql`SELECT id FROM works WHERE id = ${'1'}`.execute(database.db);
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM pg_prepared_statements`.execute(
      database.db,
    );
    expect(rows).toEqual([{ n: '0' }]);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('statements through `prepared` (PGlite)', () => {
  const preparedCount = async (like: string) =>
    (
      await sql<{ n: string }>`SELECT count(*)::text AS n FROM pg_prepared_statements
        WHERE statement LIKE ${like}`.execute(database.db)
    ).rows[0]?.n;

  it('are prepared once in the session, then run on a generic plan after five custom ones', async () => {
    for (const number of ['A-1', 'B-2', 'C-3', 'D-4', 'E-5', 'F-6', 'G-7']) {
      await sql`SELECT id FROM works WHERE number = ${number} AND NOT hidden`.execute(database.prepared);
    }
    const { rows } = await sql<PreparedRow>`SELECT statement, generic_plans::text, custom_plans::text
      FROM pg_prepared_statements WHERE statement LIKE 'SELECT id FROM works WHERE number%'`.execute(
      database.db,
    );
    expect(rows).toEqual([
      {
        statement: 'SELECT id FROM works WHERE number = $1 AND NOT hidden',
        generic_plans: '2',
        custom_plans: '5',
      },
    ]);
  });

  it("leave `db`'s statements unnamed, planned at every call", async () => {
    await sql`SELECT id FROM works WHERE id = ${'1'} AND hidden`.execute(database.db);
    expect(await preparedCount('SELECT id FROM works WHERE id = $1 AND hidden')).toBe('0');
  });

  it("wait for another request's transaction and never run inside it", async () => {
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = inTransaction(database.db, async (trx) => {
      await sql`CREATE TEMP TABLE held_by_transaction (id int)`.execute(trx);
      await sql`INSERT INTO held_by_transaction VALUES (1)`.execute(trx);
      inside();
      await finished;
      throw new Error('rolled back');
    }).catch((error: Error) => error.message);
    await holding;
    const order: string[] = [];
    const read = sql<{ xid: string | null }>`SELECT pg_current_xact_id_if_assigned()::text AS xid,
        ${'p'}::text AS tag`
      .execute(database.prepared)
      .then(({ rows }) => {
        order.push('read');
        return rows[0]?.xid;
      });
    // The read is queued for the session's only client, not run: give it every chance to run.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    order.push('rollback');
    finish();
    expect(await transaction).toBe('rolled back');
    expect(await read).toBeNull();
    expect(order).toEqual(['rollback', 'read']);
  });

  it('forget a statement that failed to parse, and keep one that failed to run', async () => {
    const broken = sql`SELECT no_such_column FROM works WHERE id = ${'1'}`;
    for (let i = 0; i < 2; i++) {
      await expect(broken.execute(database.prepared)).rejects.toThrow(/no_such_column/);
    }
    expect(await preparedCount('SELECT no_such_column%')).toBe('0');
    const divide = (by: number) => sql<{ n: number }>`SELECT 10 / ${by}::int AS n`.execute(database.prepared);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect((await divide(5)).rows).toEqual([{ n: 2 }]);
    expect(await preparedCount('SELECT 10 / $1::int AS n')).toBe('1');
  });

  it('runs unnamed past the cap, never preparing without end', async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await sql<{ n: number }>`SELECT ${sql.raw(String(i))}::int + ${1}::int AS n`.execute(
        database.prepared,
      );
      expect(rows).toEqual([{ n: i + 1 }]);
    }
    // Every name counts towards the cap, a statement that failed to parse's too.
    expect(Number(await preparedCount('%'))).toBeGreaterThan(250);
    expect(Number(await preparedCount('%'))).toBeLessThanOrEqual(256);
    expect(await preparedCount('SELECT 299::int%')).toBe('0');
  });
});
