import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../../db/connection';
import { searchTerms } from './search-text';
import { createWorksListRepo } from './works-list.repo';
import { createWorksSearchRepo } from './works-search.repo';
import type { WorksFilter } from './works-list.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
}, 120_000);
afterAll(() => database?.close());

/** `db` and `prepared` as they are, each noting its name for every statement it runs. */
function recorded() {
  const seen: string[] = [];
  const note = (name: string): KyselyPlugin => ({
    transformQuery: ({ node }) => (seen.push(name), node),
    transformResult: async ({ result }) => result,
  });
  return {
    seen,
    db: database.db.withPlugin(note('db')),
    prepared: database.prepared.withPlugin(note('prepared')),
  };
}

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
      const routes = recorded();
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
    const routes = recorded();
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
    const routes = recorded();
    expect(await createWorksListRepo(routes).catalogueVersion()).toMatch(/^\d+$/);
    expect(routes.seen).toEqual(['prepared']);
  });
});
