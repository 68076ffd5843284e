import { API, fillPath, type ImportLineInput, SERVER_MSG, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';
import { daysBefore, todayInShanghai } from '../../lib/site-time';

let t: TestApp;
let staff: Headers;
let user: Headers;
let vip: Headers;
/** SSIS-100 is hidden and shown again; SSIS-200 shares its makers and stays visible. */
let hiddenId: string;
let keptId: string;
type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;
const SHARED = {
  makers: ['Maker H'],
  labels: ['Label H'],
  series: ['Series H'],
  directors: ['Director H'],
  items: ['Item H'],
  performers: ['Performer H'],
};
const hiddenLine = (extra: Partial<ImportLineInput> = {}) =>
  buildWorkLine({
    number: 'SSIS-100',
    title: '隐藏测试的作品',
    ...SHARED,
    makers: ['Maker H', 'Maker Only A'],
    tags: [{ group: '类型', name: '剧情H' }],
    magnets: [{ name: 'SSIS-100 hd', infoHash: 'a'.repeat(40), createTime: '2024-01-02 10:00:00' }],
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  staff = (await insertRoleCaller(t, ['member', 'content'])).headers;
  user = (await insertCaller(t)).headers;
  vip = (await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 30 * DAY) })).headers;
  const { ids } = await insertWorks(t.database.db, [
    hiddenLine({ isOnline: 1 }),
    buildWorkLine({
      number: 'SSIS-200',
      title: '隐藏测试的另一部',
      pubDate: daysBefore(todayInShanghai(), 1),
      ...SHARED,
      tags: [{ group: '类型', name: '剧情H' }],
      magnets: [{ name: 'SSIS-200 hd', infoHash: 'b'.repeat(40), createTime: '2024-01-02 10:00:00' }],
    }),
  ]);
  [hiddenId, keptId] = ids as [string, string];
  for (const dataId of [hiddenId, keptId]) {
    expect((await t.send('POST', API.like, { dataId, status: 0 }, user)).statusCode).toBe(200);
    expect((await t.send('POST', API.collectAdds, { dataId, status: 0 }, user)).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const setHidden = async (hidden: boolean) => {
  const res = await t.send('POST', fillPath(STAFF_API.work, { id: hiddenId }), { hidden }, staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function ids(path: string, query: Record<string, string | number>, headers: Headers = {}) {
  const res = await t.get(path, query, headers);
  expect(res.statusCode, `${path} ${JSON.stringify(query)} ${res.body}`).toBe(200);
  const body = res.json() as { rows: Array<{ id: string }>; total: number };
  return { ids: body.rows.map((r) => r.id), total: body.total };
}

async function entityId(tableName: string, name: string): Promise<string> {
  const res = await t.get(API.tagList, { tableName, modId: 1, pageSize: 100 });
  return (res.json().rows as Array<{ id: string; name: string }>).find((r) => r.name === name)!.id;
}

/** Every place a visitor or a user meets works: which of the two works each one shows. */
async function views() {
  const [tag] = await t.database.db.selectFrom('tags').select('id').where('name', '=', '剧情H').execute();
  const lists: Record<string, () => Promise<{ ids: string[]; total: number }>> = {
    latest: () => ids(API.worksList, { modName: 'censored' }),
    latestAllChannels: () => ids(API.worksList, {}),
    withMagnets: () => ids(API.worksList, { isDht: 1 }),
    tag: () => ids(API.worksList, { tagsId: tag!.id }),
    maker: async () => ids(API.worksList, { makerId: await entityId('maker', 'Maker H') }),
    performer: async () => ids(API.worksList, { performerId: await entityId('performer', 'Performer H') }),
    searchNumber: () => ids(API.worksList, { keyword: 'ssis' }),
    searchTitle: () => ids(API.worksList, { keyword: '隐藏测试' }),
    searchShortTitle: () => ids(API.worksList, { keyword: '隐藏' }),
    ranking: () => ids(API.worksList, { modName: 'censored', sort: 'collect', date: 999 }),
    likes: () => ids(API.likeList, {}, user),
    collects: () => ids(API.collectList, {}, user),
  };
  const seen: Record<string, boolean> = {};
  const totals: Record<string, number> = {};
  for (const [name, read] of Object.entries(lists)) {
    const { ids: found, total } = await read();
    expect(found, name).toContain(keptId);
    seen[name] = found.includes(hiddenId);
    totals[name] = total;
  }
  const detail = await t.get(fillPath(API.workDetail, { id: hiddenId }));
  seen.detail = detail.statusCode === 200;
  const stream = await t.get(fillPath(API.videoStream, { id: hiddenId }), {}, vip);
  seen.stream = stream.statusCode === 200;
  return { seen, totals, detail: detail.json(), stream: stream.json() };
}

/** The sidebar counts of the shared and the hidden work's own entities. */
async function sidebarCounts() {
  const counts: Record<string, number> = {};
  for (const [tableName, names] of Object.entries({
    maker: ['Maker H', 'Maker Only A'],
    label: ['Label H'],
    series: ['Series H'],
    director: ['Director H'],
    item: ['Item H'],
  })) {
    const res = await t.get(API.tagList, { tableName, modId: 1, pageSize: 100 });
    const rows = res.json().rows as Array<{ name: string; count: number }>;
    for (const name of names) counts[name] = rows.find((r) => r.name === name)?.count ?? 0;
  }
  const performers = await t.get(API.performerList, { modName: 'censored', pageSize: 100 });
  const performer = (performers.json().rows as Array<{ name: string; count: number }>).find(
    (r) => r.name === 'Performer H',
  );
  counts['Performer H'] = performer?.count ?? 0;
  const tags = await t.database.db.selectFrom('tags').select(['name', 'work_count']).execute();
  for (const tag of tags) counts[tag.name] = tag.work_count;
  return counts;
}

/** Every stored count equals the links of visible works (decision 007 with hidden works). */
async function expectCountsConsistent() {
  for (const [table, link] of [
    ['makers', 'work_makers'],
    ['labels', 'work_labels'],
    ['series', 'work_series'],
    ['directors', 'work_directors'],
    ['items', 'work_items'],
    ['tags', 'work_tags'],
  ]) {
    const { rows } = await sql<{ id: string; work_count: number; visible: number }>`
      SELECT e.id, e.work_count, count(w.id)::int AS visible FROM ${sql.table(table!)} e
      LEFT JOIN ${sql.table(link!)} l ON l.entity_id = e.id
      LEFT JOIN works w ON w.id = l.work_id AND NOT w.hidden
      GROUP BY e.id, e.work_count`.execute(t.database.db);
    for (const row of rows) expect(row.work_count, `${table} ${row.id}`).toBe(row.visible);
  }
  const { rows } = await sql<{ censored_count: number; visible: number }>`
    SELECT p.censored_count, count(w.id)::int AS visible FROM performers p
    LEFT JOIN work_performers l ON l.entity_id = p.id
    LEFT JOIN works w ON w.id = l.work_id AND NOT w.hidden AND w.channel = 1
    GROUP BY p.id, p.censored_count`.execute(t.database.db);
  for (const row of rows) expect(row.censored_count).toBe(row.visible);
}

describe('a hidden work', () => {
  it('is in every list, search, detail and count until hidden, and in none after', async () => {
    expect(await ids(API.worksList, { keyword: 'ssis-00100' })).toEqual({ ids: [hiddenId], total: 1 });
    const before = await views();
    expect(Object.values(before.seen).every(Boolean), JSON.stringify(before.seen)).toBe(true);
    const countsBefore = await sidebarCounts();
    expect(countsBefore).toMatchObject({ 'Maker H': 2, 'Maker Only A': 1, 'Performer H': 2, 剧情H: 2 });

    expect(await setHidden(true)).toMatchObject({ id: hiddenId, hidden: true, isOnline: 1 });
    const after = await views();
    expect(Object.values(after.seen).some(Boolean), JSON.stringify(after.seen)).toBe(false);
    for (const [name, total] of Object.entries(after.totals))
      expect(total, name).toBe(before.totals[name]! - 1);
    expect(after.detail).toEqual({ code: 404, msg: SERVER_MSG.workNotFound });
    expect(after.stream).toEqual({ code: 404, msg: SERVER_MSG.workNotFound });
    expect(await ids(API.worksList, { keyword: 'ssis-00100' })).toEqual({ ids: [], total: 0 });

    const countsAfter = await sidebarCounts();
    for (const [name, count] of Object.entries(countsBefore)) expect(countsAfter[name], name).toBe(count - 1);
    // An entity left with no visible work drops out of its sidebar.
    const makers = await t.get(API.tagList, { tableName: 'maker', modId: 1, pageSize: 100 });
    expect(makers.json().rows.map((r: { name: string }) => r.name)).not.toContain('Maker Only A');
    await expectCountsConsistent();

    // Hiding again moves nothing; the console still lists it.
    await setHidden(true);
    expect(await sidebarCounts()).toEqual(countsAfter);
    const listed = await t.get(STAFF_API.works, { keyword: 'SSIS-100' }, staff);
    expect(listed.json().rows).toMatchObject([{ id: hiddenId, hidden: true }]);
  });

  it('cannot be liked or collected (404) while hidden; the user keeps what they had', async () => {
    for (const res of [
      await t.send('POST', API.like, { dataId: hiddenId, status: 0 }, user),
      await t.send('POST', API.collectAdds, { dataId: hiddenId, status: 0 }, user),
    ]) {
      expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.workNotFound });
    }
    const likes = await t.database.db.selectFrom('likes').select('work_id').execute();
    expect(likes.map((l) => l.work_id).sort()).toEqual([hiddenId, keptId].sort());
  });

  it('stays hidden when imported again, and its changed links count only once shown', async () => {
    const countsBefore = await sidebarCounts();
    // The line drops Maker Only A and adds a tag: links change, counts must not.
    const result = await insertWorks(t.database.db, [
      hiddenLine({
        isOnline: 1,
        makers: ['Maker H'],
        tags: [
          { group: '类型', name: '剧情H' },
          { group: '类型', name: '新标签' },
        ],
      }),
    ]);
    expect(result).toMatchObject({ updated: 1, ids: [hiddenId] });
    const row = await t.database.db
      .selectFrom('works')
      .select('hidden')
      .where('id', '=', hiddenId)
      .executeTakeFirstOrThrow();
    expect(row.hidden).toBe(true);
    expect(await sidebarCounts()).toEqual({ ...countsBefore, 新标签: 0 });
    await expectCountsConsistent();
  });

  it('comes back everywhere when shown again, with its counts', async () => {
    expect(await setHidden(false)).toMatchObject({ hidden: false });
    const back = await views();
    expect(Object.values(back.seen).every(Boolean), JSON.stringify(back.seen)).toBe(true);
    expect(await sidebarCounts()).toMatchObject({
      'Maker H': 2,
      'Maker Only A': 0,
      'Performer H': 2,
      剧情H: 2,
      新标签: 1,
    });
    await expectCountsConsistent();
  });

  it('keeps counts right when imports and hiding run at the same time', async () => {
    const tagSets = [[{ group: '类型', name: '剧情H' }], [{ group: '类型', name: '新标签' }]];
    const imports = async () => {
      for (let i = 0; i < 8; i += 1) {
        await insertWorks(t.database.db, [
          hiddenLine({ isOnline: 1, makers: ['Maker H'], tags: tagSets[i % 2] }),
        ]);
      }
    };
    const toggles = async () => {
      for (let i = 0; i < 8; i += 1) await setHidden(i % 2 === 0);
    };
    await Promise.all([imports(), toggles(), imports()]);
    await expectCountsConsistent();
    await setHidden(false);
    await expectCountsConsistent();
  });
});
