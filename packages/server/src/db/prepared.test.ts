import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './connection';

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
  it('go through the one connection there is', () => {
    expect(database.prepared).toBe(database.db);
  });
});
