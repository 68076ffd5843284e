import type { ImportLineInput } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { expectCountersExact, expectEntityNamesExact, storedCounters } from '../../../test/catalogue-counts';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../../db/connection';
import { createCatalogueAdminService } from '../catalogue-admin/catalogue-admin.service';
import { recountCatalogueCounters } from './catalogue-counts.repo';

// The counters of decision 016 against a fresh count(*) of the rows, after every kind of write:
// import, re-import with changes, magnets arriving later, hide and show, and a recount.

let database: Database;
const hash = (c: string) => c.repeat(40);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const q = async <T>(query: string) => (await sql.raw<T>(query).execute(database.db)).rows;
const allStored = () => storedCounters(database.db);
// The entity names of migration 0017 follow the same writes through their own triggers.
const expectExact = async () => {
  await expectCountersExact(database.db);
  await expectEntityNamesExact(database.db);
};

const line = (number: string, overrides: Partial<ImportLineInput> = {}) =>
  buildWorkLine({
    number,
    title: '海边的咖啡馆',
    pubDate: '2025-05-01',
    makers: ['Maker A'],
    labels: ['Label A'],
    series: ['Series A'],
    directors: ['Director A'],
    items: ['Item A'],
    performers: ['Performer A', 'Performer B'],
    tags: [
      { group: '类型', name: '剧情' },
      { group: '场景', name: '海边' },
    ],
    ...overrides,
  });

const withMagnet = (c: string) => [{ name: 'm', infoHash: hash(c), length: 1, createTime: '2025-05-02' }];

describe('catalogue counters', () => {
  it('count an import exactly, per channel, with and without magnets', async () => {
    await insertWorks(database.db, [
      line('CNT-001', { magnets: withMagnet('a') }),
      line('CNT-002'),
      line('CNT-003', { channel: 'uncensored', title: '山间 小屋', performers: ['Performer A'] }),
      line('CNT-004', { channel: 'western', title: 'Beach Day', tags: [{ group: '类型', name: 'Feature' }] }),
    ]);
    await expectExact();
  });

  it('follow a re-import that changes titles, dates and links', async () => {
    await insertWorks(database.db, [
      line('CNT-001', { title: '雨天的图书馆', pubDate: '2025-06-01', magnets: withMagnet('a') }),
      line('CNT-002', { makers: ['Maker B'], tags: [{ group: '类型', name: '剧情' }], performers: [] }),
    ]);
    await expectExact();
    // The same file again changes nothing, counters included.
    const before = await allStored();
    await insertWorks(database.db, [
      line('CNT-003', { channel: 'uncensored', title: '山间 小屋', performers: ['Performer A'] }),
    ]);
    expect(await allStored()).toEqual(before);
    await expectExact();
  });

  it('move works and links to "with magnets" when magnets arrive later, here or for the same number elsewhere', async () => {
    await insertWorks(database.db, [
      line('CNT-002', {
        makers: ['Maker B'],
        tags: [{ group: '类型', name: '剧情' }],
        performers: [],
        magnets: withMagnet('b'),
      }),
    ]);
    await insertWorks(database.db, [
      line('CNT-004', { channel: 'censored', title: '同号', magnets: withMagnet('c') }),
    ]);
    const [western] = await q<{ has_magnet: boolean }>(
      `SELECT has_magnet FROM works WHERE number = 'CNT-004' AND channel = 3`,
    );
    expect(western?.has_magnet).toBe(true);
    await expectExact();
  });

  it('leave hidden works out and take them back when shown, imports in between', async () => {
    const admin = createCatalogueAdminService({ db: database.db, onChange: () => undefined });
    const [target] = await q<{ id: string }>(`SELECT id FROM works WHERE number = 'CNT-001'`);
    const shown = await allStored();
    await admin.update(target!.id, { hidden: true });
    expect(await allStored()).not.toEqual(shown);
    await expectExact();
    // A hidden work re-imported with new links and magnets stays out of every counter.
    await insertWorks(database.db, [
      line('CNT-001', {
        title: '雪景 列车',
        tags: [{ group: '地点', name: '车站' }],
        magnets: withMagnet('d'),
      }),
    ]);
    await expectExact();
    await admin.update(target!.id, { hidden: false });
    await admin.update(target!.id, { isOnline: 0 });
    expect(await allStored()).not.toEqual(shown);
    await expectExact();
  });

  it('are rebuilt by a recount to the same values', async () => {
    const before = await allStored();
    await recountCatalogueCounters(database.db);
    expect(await allStored()).toEqual(before);
  });
});
