import type { ModId, WorkSort } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCountersExact } from '../../../test/catalogue-counts';
import { createTestDatabase } from '../../../test/db';
import { recordedPools } from '../../../test/recorded-pools';
import type { Database } from '../../db/connection';
import { ENTITY_KINDS, type EntityKind } from '../../db/schema';
import { LIST_COLUMNS } from '../../db/work-list-row';
import { createWorksListRepo, orderBy, type WorksScope } from './works-list.repo';

// Latest lists and rankings (`pageByWorks`): every page of every shape against a plain query
// over the table, so the one-statement read, its total and the deep page's start by day
// (decision 016) answer what OFFSET over the whole scope answers.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
  // Some works hidden, and some days left with nothing visible, so the counters' days and the
  // index's rows differ from a plain count of the table's rows.
  await sql`UPDATE works SET hidden = true WHERE id % 5 = 0 OR pub_date = (SELECT max(pub_date) FROM works)`.execute(
    database.db,
  );
  await expectCountersExact(database.db);
}, 120_000);
afterAll(() => database?.close());

/** The conditions of a scope (and of being linked to an entity), as a plain query spells them. */
function plainScope(scope: WorksScope, entity?: { kind: EntityKind; id: string }) {
  const where = [sql`NOT w.hidden`];
  if (entity)
    where.push(
      sql`EXISTS (SELECT 1 FROM ${sql.table(ENTITY_KINDS[entity.kind].link)} l
        WHERE l.entity_id = ${entity.id} AND l.work_id = w.id)`,
    );
  if (scope.channels.length > 0) where.push(sql`w.channel = ANY(${scope.channels}::smallint[])`);
  if (scope.sinceDate) where.push(sql`w.pub_date >= ${scope.sinceDate}::date`);
  if (scope.onlyWithMagnets) where.push(sql`w.has_magnet`);
  return sql.join(where, sql` AND `);
}

/** The visible works of a scope, counted. */
async function plainTotal(scope: WorksScope, entity?: { kind: EntityKind; id: string }) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM works w WHERE ${plainScope(scope, entity)}`.execute(database.db);
  return rows[0]!.n;
}

/** A page as OFFSET over the table finds it. */
async function plainPage(
  scope: WorksScope,
  sort: WorkSort,
  limit: number,
  offset: number,
  entity?: { kind: EntityKind; id: string },
) {
  const rows = await sql`SELECT ${LIST_COLUMNS} FROM works w WHERE ${plainScope(scope, entity)}
    ORDER BY ${orderBy(sort, 'w', 'id')} LIMIT ${limit} OFFSET ${offset}`.execute(database.db);
  return rows.rows;
}

/**
 * Every page `step` apart from the first to one past the end, as `read` answers it, equal to the
 * plain query's page and total; how many pages were read.
 */
async function expectEveryPage(
  what: object,
  { total, limit, step }: { total: number; limit: number; step: number },
  read: (offset: number) => Promise<unknown>,
  plain: (offset: number) => Promise<unknown[]>,
) {
  let pages = 0;
  for (let offset = 0; offset <= total + limit; offset += step) {
    const expected = { rows: await plain(offset), total };
    expect(await read(offset), JSON.stringify({ ...what, offset })).toEqual(expected);
    pages++;
  }
  return pages;
}

/** One statement a page, planned once per connection (decision 049). */
function expectOnePreparedStatementEach(seen: string[], pages: number) {
  expect(new Set(seen)).toEqual(new Set(['prepared']));
  expect(seen).toHaveLength(pages);
}

const CHANNELS: ModId[][] = [[1], [2], [3], []];
const SORTS: WorkSort[] = ['pubTime', 'collect', 'average', 'evaluates'];

describe('a latest list or ranking, page and total in one statement', () => {
  it('answers every page of every channel, window and sort as OFFSET over the table does', async () => {
    const { rows } = await sql<{ day: string }>`
      SELECT (max(pub_date) - 40)::text AS day FROM works`.execute(database.db);
    const windows = [undefined, rows[0]!.day];
    const routes = recordedPools(database);
    const repo = createWorksListRepo(routes);
    let pages = 0;
    for (const channels of CHANNELS)
      for (const sinceDate of windows)
        for (const onlyWithMagnets of [false, true])
          for (const sort of SORTS) {
            const scope = { channels, sinceDate, onlyWithMagnets };
            // Pages of 7, 23 apart, fall on every position within a day; the last lies past the end.
            const total = await plainTotal(scope);
            pages += await expectEveryPage(
              { scope, sort },
              { total, limit: 7, step: sort === 'pubTime' ? 23 : 97 },
              (offset) => repo.pageByWorks(scope, sort, 7, offset),
              (offset) => plainPage(scope, sort, 7, offset),
            );
          }
    expect(pages).toBeGreaterThan(500);
    expectOnePreparedStatementEach(routes.seen, pages);
  });

  it('answers an offset far past the end with no rows and the total', async () => {
    const repo = createWorksListRepo(database);
    const scope = { channels: [1 as ModId], sinceDate: undefined, onlyWithMagnets: false };
    const total = await plainTotal(scope);
    for (const sort of SORTS)
      expect(await repo.pageByWorks(scope, sort, 20, 2_000_000_000)).toEqual({ rows: [], total });
  });
});

describe("one entity's works on one channel, page and total in one statement", () => {
  it('answers every page as OFFSET over the table does, for the busiest entity of each kind', async () => {
    // Windows starting mid-month, on a month's first and last day, and over a year: a tag's
    // total adds its first month's links to the months after it (migration 0022).
    const { rows: days } = await sql<{ day: string }>`
      SELECT unnest(ARRAY[max(pub_date) - 60, date_trunc('month', max(pub_date)::timestamp - interval '2 months')::date,
        date_trunc('month', max(pub_date)::timestamp - interval '1 month')::date - 1, max(pub_date) - 400])::text AS day
      FROM works`.execute(database.db);
    const windows = [undefined, ...days.map((d) => d.day)];
    const routes = recordedPools(database);
    const repo = createWorksListRepo(routes);
    const unrecorded = createWorksListRepo(database);
    let pages = 0;
    for (const kind of ['tag', 'maker', 'performer', 'series'] as EntityKind[]) {
      // The entity with the most works of its kind, on each channel it has works in.
      const { rows } = await sql<{ id: string; channel: ModId }>`
        SELECT DISTINCT ON (channel) entity_id::text AS id, channel FROM entity_work_counts
        WHERE kind = ${kind} AND works > 0 ORDER BY channel, works DESC`.execute(database.db);
      expect(rows.length).toBeGreaterThan(0);
      for (const { id, channel } of rows)
        for (const sinceDate of windows)
          for (const onlyWithMagnets of [false, true]) {
            const entity = { kind, id };
            const scope = { channels: [channel], sinceDate, onlyWithMagnets };
            pages += await expectEveryPage(
              { entity, scope },
              { total: await plainTotal(scope, entity), limit: 5, step: 5 },
              (offset) => repo.pageByLink(entity, scope, 5, offset),
              (offset) => plainPage(scope, 'pubTime', 5, offset, entity),
            );
            // The same total on its own (a ranking's, or over every channel), off the record.
            for (const channels of [[channel], []]) {
              const wider = { ...scope, channels };
              expect(await unrecorded.entityTotal(entity, wider), JSON.stringify({ entity, wider })).toBe(
                await plainTotal(wider, entity),
              );
            }
          }
    }
    expect(pages).toBeGreaterThan(100);
    expectOnePreparedStatementEach(routes.seen, pages);
  });
});
