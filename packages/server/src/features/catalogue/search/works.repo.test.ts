import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { recordedPools } from '../../../../test/recorded-pools';
import type { Database } from '../../../db/connection';
import { searchTerms } from './text';
import { createWorksListRepo } from '../works-list.repo';
import { createWorksSearchRepo } from './works.repo';
import type { WorksFilter } from '../works-list.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
}, 120_000);
afterAll(() => database?.close());

const filterOf = (keyword: string, numberOnly: boolean): WorksFilter => ({
  channels: [],
  sinceDate: undefined,
  onlyWithMagnets: false,
  terms: searchTerms(keyword).map((t) => (numberOnly ? { ...t, numberOnly: true } : t)),
  entities: [],
});

describe('which statements are planned once (decision 049)', () => {
  it('gathers by number keys alone through `prepared`, finding what `db` finds', async () => {
    const { rows } = await sql<{ number: string; id: string }>`
      SELECT number, id::text FROM works WHERE NOT hidden ORDER BY id LIMIT 3`.execute(database.db);
    for (const { number, id } of rows) {
      const read = { filter: filterOf(number, true), sort: 'pubTime' as const, limit: 10, offset: 0 };
      const routes = recordedPools(database);
      const found = await createWorksSearchRepo(routes).searchGathered(read);
      expect(routes.seen).toEqual(['prepared']);
      expect(found.rows.map((r) => r.id)).toContain(id);
      const plain = await createWorksSearchRepo({ db: database.db, prepared: database.db }).searchGathered(
        read,
      );
      expect(found).toEqual(plain);
    }
  });

  it('keeps every other gathering and walk on `db`, planned for its values', async () => {
    const routes = recordedPools(database);
    const repo = createWorksSearchRepo(routes);
    const { rows } = await sql<{ number: string }>`SELECT number FROM works LIMIT 1`.execute(database.db);
    await repo.searchGathered({
      filter: filterOf(rows[0]!.number, false),
      sort: 'pubTime',
      limit: 10,
      offset: 0,
    });
    await repo.searchGathered({
      filter: filterOf('demo', false),
      sort: 'pubTime',
      limit: 10,
      offset: 0,
      cap: 100,
    });
    await repo.listAlongOrder({ filter: filterOf('demo', false), sort: 'pubTime', limit: 10, budget: 100 });
    expect(routes.seen).toEqual(['db', 'db', 'db']);
  });

  it("reads the catalogue's version through `prepared`", async () => {
    const routes = recordedPools(database);
    expect(await createWorksListRepo(routes).catalogueVersion()).toMatch(/^\d+$/);
    expect(routes.seen).toEqual(['prepared']);
  });
});

describe('a walk along the list order', () => {
  /** Every work of the scope in list order, numbered, with whether it holds the gram: the oracle. */
  async function numbered(filter: WorksFilter, column: string | undefined, gram: string) {
    const order = sql.raw(`${column ? `${column} DESC, ` : ''}pub_date DESC, id DESC`);
    const { rows } = await sql<{ id: string; n: string; holds: boolean }>`
      SELECT id::text, row_number() OVER (ORDER BY ${order}) AS n, title_grams @> ARRAY[${gram}] AS holds
      FROM works WHERE NOT hidden
        AND (${filter.channels.length === 0} OR channel = ANY(${filter.channels}::smallint[]))
        AND (${!filter.onlyWithMagnets} OR has_magnet)
      ORDER BY ${order}`.execute(database.db);
    return rows.map((r) => ({ id: r.id, n: Number(r.n), holds: r.holds }));
  }

  it('finds the first matches in order, and a measured walk says how far it read to the last', async () => {
    const { rows } = await sql<{ gram: string }>`
      SELECT gram FROM title_gram_counts WHERE char_length(gram) = 1 GROUP BY gram
      ORDER BY sum(works) DESC LIMIT 1`.execute(database.db);
    const gram = rows[0]!.gram;
    const repo = createWorksSearchRepo(database);
    const shapes = [
      { channels: [], onlyWithMagnets: false, sort: 'pubTime', column: undefined },
      { channels: [1], onlyWithMagnets: true, sort: 'pubTime', column: undefined },
      { channels: [2], onlyWithMagnets: false, sort: 'collect', column: 'collect_count' },
      { channels: [], onlyWithMagnets: false, sort: 'evaluates', column: 'review_heat' },
    ] as const;
    for (const { channels, onlyWithMagnets, sort, column } of shapes) {
      const filter: WorksFilter = { ...filterOf(gram, false), channels: [...channels], onlyWithMagnets };
      const all = await numbered(filter, column, gram);
      const matches = all.filter((w) => w.holds);
      expect(matches.length, `${gram} in ${JSON.stringify(channels)}`).toBeGreaterThan(4);
      const label = `${sort} ${JSON.stringify(channels)}`;
      // Stops at its limit: the matches, and the last one's place in the scope.
      const full = await repo.listAlongOrder({ filter, sort, limit: 4, budget: all.length, measured: true });
      expect(
        full.rows.map((r) => r.id),
        label,
      ).toEqual(matches.slice(0, 4).map((m) => m.id));
      expect(full.read, label).toBe(matches[3]!.n);
      // Unmeasured, or short of its limit within the budget: no count.
      expect(
        (await repo.listAlongOrder({ filter, sort, limit: 4, budget: all.length })).read,
      ).toBeUndefined();
      const short = await repo.listAlongOrder({
        filter,
        sort,
        limit: 4,
        budget: matches[2]!.n,
        measured: true,
      });
      expect(
        short.rows.map((r) => r.id),
        label,
      ).toEqual(matches.slice(0, 3).map((m) => m.id));
      expect(short.read, label).toBeUndefined();
    }
  });
});
