import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './connection';
import { shapedStatement } from './shaped-statement';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

describe('a statement compiled once per shape', () => {
  it('builds each shape once and fills in each call its own values, wherever and however often used', async () => {
    const builds: unknown[] = [];
    const statement = shapedStatement((shape: { doubled: boolean }, v: { name: string; n: number }) => {
      builds.push(shape);
      // `n` twice and after `name`, which the values list first.
      const twice = shape.doubled ? sql`${v.n}::int * 2` : sql`${v.n}::int`;
      return sql<{ n: number; name: string; next: number }>`
          SELECT ${twice} AS n, ${v.name}::text AS name, ${v.n}::int + 1 AS next`;
    });
    const run = (doubled: boolean, name: string, n: number) =>
      statement(database.db, { doubled }, { name, n });

    expect(await run(false, 'a', 1)).toEqual([{ n: 1, name: 'a', next: 2 }]);
    expect(await run(false, "b'c 影", 41)).toEqual([{ n: 41, name: "b'c 影", next: 42 }]);
    expect(await run(true, 'd', 5)).toEqual([{ n: 10, name: 'd', next: 6 }]);
    expect(await run(true, 'e', 7)).toEqual([{ n: 14, name: 'e', next: 8 }]);
    expect(await run(false, 'f', 3)).toEqual([{ n: 3, name: 'f', next: 4 }]);
    expect(builds).toEqual([{ doubled: false }, { doubled: true }]);
  });

  it('keeps a value taken from the shape, the same at every call of that shape', async () => {
    const statement = shapedStatement(
      (shape: { step: number }, v: { n: number }) =>
        sql<{ n: number }>`SELECT ${v.n}::int + ${shape.step}::int AS n`,
    );
    expect(await statement(database.db, { step: 10 }, { n: 1 })).toEqual([{ n: 11 }]);
    expect(await statement(database.db, { step: 10 }, { n: 2 })).toEqual([{ n: 12 }]);
    expect(await statement(database.db, { step: 100 }, { n: 2 })).toEqual([{ n: 102 }]);
  });

  it('refuses a placeholder read as text while the text is built', async () => {
    const statement = shapedStatement(
      (_shape: { any: boolean }, v: { table: string }) =>
        sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.raw(`${v.table}`)}`,
    );
    await expect(statement(database.db, { any: true }, { table: 'works' })).rejects.toThrow(
      /placeholder "table" used as a value/,
    );
  });

  it('refuses a list of placeholders, which would be sent as it is', async () => {
    const statement = shapedStatement(
      (_shape: { any: boolean }, v: { a: number; b: number }) =>
        sql<{ n: number }>`SELECT cardinality(${[v.a, v.b]}::int[]) AS n`,
    );
    await expect(statement(database.db, { any: true }, { a: 1, b: 2 })).rejects.toThrow(
      /a list as one placeholder/,
    );
  });
});
