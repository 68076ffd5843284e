import { LIMITS, MSG, SERVER_MSG, workListItem } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { ENTITY_KINDS } from '../../db/schema';
import { daysBefore, todayInShanghai } from '../../lib/site-time';

const LIST = '/v2/works/detail/list';
const today = todayInShanghai();
const hash = (c: string) => c.repeat(40);

let t: TestApp;
const ids: Record<string, string> = {};

async function list(query: Record<string, string | number | undefined>) {
  const res = await t.get(LIST, query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { rows: Array<{ number: string }>; total: number };
  return { numbers: body.rows.map((r) => r.number), total: body.total, body };
}

async function entityId(tableName: string, modId: number, name: string) {
  const res = await t.get('/v2/tag/list', { tableName, modId, pageSize: 100 });
  const row = (res.json().rows as Array<{ id: string; name: string }>).find((r) => r.name === name);
  if (!row) throw new Error(`no ${tableName} ${name}`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await insertWorks(t.database.db, [
    buildWorkLine({
      channel: 'censored',
      number: 'SSIS-001',
      title: '夏日旅行的故事',
      pubDate: daysBefore(today, 5),
      duration: 120,
      imageSmall: ['s/1.svg', 's/2.svg'],
      imageBig: ['b/1.svg', 'b/2.svg'],
      mp4: 'demo/preview/SSIS-001.mp4',
      average: 4.5,
      evaluates: 10,
      makers: ['Maker A'],
      labels: ['Label A'],
      series: ['Series A'],
      directors: ['Director A'],
      items: ['Item A'],
      performers: [{ name: 'Performer A', nameCn: '演员甲' }, 'Performer B'],
      tags: [
        { group: '类型', name: '剧情' },
        { group: '类型', name: '短片' },
      ],
      magnets: [
        {
          name: 'SSIS-001 plain',
          infoHash: hash('a'),
          length: 3 * 1024 ** 3,
          createTime: '2024-01-02 10:00:00',
        },
        {
          name: 'SSIS-001 hd',
          infoHash: hash('b'),
          length: 1024 ** 3,
          createTime: '2023-01-02 10:00:00',
          hd: true,
        },
      ],
    }),
    buildWorkLine({
      channel: 'censored',
      number: 'SSIS-002',
      title: '城市午后',
      pubDate: daysBefore(today, 40),
      average: 3,
      evaluates: 50,
      makers: ['Maker A'],
      performers: ['Performer A'],
      tags: [{ group: '类型', name: '剧情' }],
      magnets: [],
    }),
    buildWorkLine({
      channel: 'censored',
      number: 'ABC-100',
      title: '海边 回忆 100%_x',
      pubDate: daysBefore(today, 1),
      magnets: [],
    }),
    buildWorkLine({
      channel: 'uncensored',
      number: '010120-001',
      title: 'カフェの午後',
      pubDate: daysBefore(today, 100),
      performers: ['Performer A'],
      tags: [{ group: '主题', name: '素人' }],
      magnets: [
        {
          name: '010120-001',
          infoHash: hash('c'),
          length: 700 * 1024 ** 2,
          createTime: '2024-05-05 08:00:00',
        },
      ],
    }),
    buildWorkLine({
      channel: 'western',
      number: 'Studio.24.01.05',
      title: 'Sample Western Title',
      pubDate: daysBefore(today, 400),
      makers: ['Studio X'],
      magnets: [],
    }),
  ]);
  for (const number of ['SSIS-001', 'SSIS-002', 'ABC-100', '010120-001', 'Studio.24.01.05']) {
    const { body } = await list({ keyword: number, date: 999 });
    ids[number] = (body.rows as Array<{ id: string; number: string }>).find((r) => r.number === number)!.id;
  }
});

afterAll(async () => {
  await t.close();
});

describe('GET /v2/works/detail/list', () => {
  it('lists the latest 30 days of a channel by default, newest first, in the list shape', async () => {
    const { numbers, total, body } = await list({ modName: 'censored' });
    expect(numbers).toEqual(['ABC-100', 'SSIS-001']);
    expect(total).toBe(2);
    const row = (body.rows as unknown[])[1];
    expect(workListItem.strict().parse(row)).toMatchObject({
      id: ids['SSIS-001'],
      pubTime: daysBefore(today, 5),
      modId: 1,
      isOnline: 0,
      isDht: 1,
    });
    expect(ids['SSIS-001']).toMatch(/^\d{16,19}$/);
  });

  it('widens the window with date 90 / 365 / 999', async () => {
    expect((await list({ modName: 'censored', date: 90 })).numbers).toEqual([
      'ABC-100',
      'SSIS-001',
      'SSIS-002',
    ]);
    expect((await list({ modName: 'uncensored', date: 90 })).numbers).toEqual([]);
    expect((await list({ modName: 'uncensored', date: 365 })).numbers).toEqual(['010120-001']);
    expect((await list({ date: 999 })).total).toBe(5);
    expect((await list({ modName: 'western', date: 999 })).numbers).toEqual(['Studio.24.01.05']);
  });

  it('sorts by evaluates, average and collect', async () => {
    // 热门评论 ranks by members' recent reviews (decision 044): none here, so the newest first.
    expect((await list({ modName: 'censored', date: 999, sort: 'evaluates' })).numbers).toEqual(
      (await list({ modName: 'censored', date: 999, sort: 'pubTime' })).numbers,
    );
    expect((await list({ modName: 'censored', date: 999, sort: 'average' })).numbers[0]).toBe('SSIS-001');
    expect((await list({ modName: 'censored', date: 999, sort: 'collect' })).numbers).toHaveLength(3);
  });

  it('keeps only works with magnets when isDht=1', async () => {
    expect((await list({ date: 999, isDht: 1 })).numbers).toEqual(['SSIS-001', '010120-001']);
    expect((await list({ date: 999, isDht: 0 })).total).toBe(5);
  });

  it('filters by tags, several tags combining as AND', async () => {
    const groups = (await t.get('/v2/tag/channel', { modId: 1 })).json().data as Array<{
      name: string;
      items: Array<{ id: string; name: string }>;
    }>;
    const tag = (name: string) => groups.flatMap((g) => g.items).find((i) => i.name === name)!.id;
    expect((await list({ tagsId: tag('剧情') })).numbers).toEqual(['SSIS-001', 'SSIS-002']);
    expect((await list({ tagsId: `${tag('剧情')},${tag('短片')}` })).numbers).toEqual(['SSIS-001']);
    expect((await list({ tagsId: `${tag('剧情')},${tag('剧情')}` })).total).toBe(2);
    // Within a window, in a ranking's order: the total counts the window, not the tag's all time.
    expect(await list({ tagsId: tag('剧情'), date: 30, sort: 'collect' })).toMatchObject({
      numbers: ['SSIS-001'],
      total: 1,
    });
  });

  it('filters by maker, label, series, director, item and performer', async () => {
    expect((await list({ makerId: await entityId('maker', 1, 'Maker A') })).numbers).toEqual([
      'SSIS-001',
      'SSIS-002',
    ]);
    expect((await list({ makerId: await entityId('maker', 3, 'Studio X') })).numbers).toEqual([
      'Studio.24.01.05',
    ]);
    expect((await list({ labelId: await entityId('label', 1, 'Label A') })).numbers).toEqual(['SSIS-001']);
    expect((await list({ seriesId: await entityId('series', 1, 'Series A') })).numbers).toEqual(['SSIS-001']);
    expect((await list({ directorId: await entityId('director', 1, 'Director A') })).numbers).toEqual([
      'SSIS-001',
    ]);
    expect((await list({ itemId: await entityId('item', 1, 'Item A') })).numbers).toEqual(['SSIS-001']);
    const performerId = await entityId('performer', 1, 'Performer A');
    expect((await list({ performerId })).numbers).toEqual(['SSIS-001', 'SSIS-002', '010120-001']);
    expect((await list({ performerId, modName: 'uncensored' })).numbers).toEqual(['010120-001']);
    // Over every channel within a window: the window's total.
    expect(await list({ performerId, date: 90 })).toMatchObject({
      numbers: ['SSIS-001', 'SSIS-002'],
      total: 2,
    });
    expect((await list({ makerId: '999999' })).total).toBe(0);
  });

  it('pages with pageNum and pageSize and reports the total', async () => {
    const first = await list({ date: 999, pageSize: 2, pageNum: 1 });
    const third = await list({ date: 999, pageSize: 2, pageNum: 3 });
    expect(first.numbers).toHaveLength(2);
    expect(third.numbers).toHaveLength(1);
    expect(first.total).toBe(5);
    // Past the last page: no rows, and still the total (read in the same statement as the page).
    const past = await list({ date: 999, pageSize: 2, pageNum: 4 });
    expect(past.numbers).toEqual([]);
    expect(past.total).toBe(5);
    expect(await list({ modName: 'uncensored', date: 90, sort: 'collect' })).toMatchObject({
      numbers: [],
      total: 0,
    });
  });
});

describe('search', () => {
  it('finds a number in any spelling a person types', async () => {
    for (const keyword of ['ssis001', 'SSIS-001', 'ssis-00001', 'SSIS 001', 'ｓｓｉｓ００１']) {
      expect((await list({ keyword })).numbers, keyword).toEqual(['SSIS-001']);
    }
    expect((await list({ keyword: 'ssis' })).numbers).toEqual(['SSIS-001', 'SSIS-002']);
    expect((await list({ keyword: '010120-001' })).numbers).toEqual(['010120-001']);
    // A part of a number names no work by itself: the numbers holding it are found instead.
    expect((await list({ keyword: 'ssis-00' })).numbers).toEqual(['SSIS-001', 'SSIS-002']);
  });

  it('finds title words of one, two and more characters, Chinese, Japanese and Latin', async () => {
    expect((await list({ keyword: '夏' })).numbers).toEqual(['SSIS-001']);
    // Either script finds both spellings (decision 046): 午後 is 午后 in simplified characters.
    expect((await list({ keyword: '午后' })).numbers).toEqual(['SSIS-002', '010120-001']);
    expect((await list({ keyword: '午後' })).numbers).toEqual(['SSIS-002', '010120-001']);
    expect((await list({ keyword: '夏日旅行' })).numbers).toEqual(['SSIS-001']);
    expect((await list({ keyword: 'カフェ' })).numbers).toEqual(['010120-001']);
    expect((await list({ keyword: 'western sample' })).numbers).toEqual(['Studio.24.01.05']);
    expect((await list({ keyword: '海边 回忆' })).numbers).toEqual(['ABC-100']);
  });

  it('narrows a search by channel tab and treats wildcards literally', async () => {
    expect((await list({ keyword: '午', modName: 'censored' })).numbers).toEqual(['SSIS-002']);
    expect((await list({ keyword: '100%' })).numbers).toEqual(['ABC-100']);
    expect((await list({ keyword: '%' })).numbers).toEqual(['ABC-100']);
    expect((await list({ keyword: '_' })).numbers).toEqual(['ABC-100']);
    expect((await list({ keyword: '不存在的词' })).total).toBe(0);
  });

  it('answers a keyword outside 1–32 characters with the text of docs/product.md §5', async () => {
    for (const keyword of ['', '   ', 'x'.repeat(33)]) {
      const res = await t.get(LIST, { keyword });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: MSG.keywordWarning });
    }
    expect((await list({ keyword: '字'.repeat(32) })).total).toBe(0);
  });
});

describe('GET /v2/works/detail/{id}', () => {
  it('answers every detail field with its entity lists, ids as strings', async () => {
    const res = await t.get(`/v2/works/detail/${ids['SSIS-001']}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      collect: false,
      like: false,
      data: {
        id: ids['SSIS-001'],
        number: 'SSIS-001',
        title: '夏日旅行的故事',
        pubTime: daysBefore(today, 5),
        duration: 120,
        mp4: 'demo/preview/SSIS-001.mp4',
        imageSmall: 's/1.svg,s/2.svg',
        imageBig: 'b/1.svg,b/2.svg',
        average: 4.5,
        evaluates: 10,
        modId: 1,
        isOnline: 0,
        isDht: 1,
      },
    });
    expect(body.tags.map((e: { name: string }) => e.name).sort()).toEqual(['剧情', '短片']);
    expect(body.performer).toContainEqual({ id: expect.any(String), name: 'Performer A', nameCn: '演员甲' });
    expect(body.performer).toHaveLength(2);
    for (const key of ['maker', 'label', 'series', 'director', 'item']) expect(body[key]).toHaveLength(1);
  });

  it("lists each kind's entities as the link tables hold them, in id order, for every work", async () => {
    const keys = {
      tag: 'tags',
      maker: 'maker',
      performer: 'performer',
      label: 'label',
      series: 'series',
      director: 'director',
      item: 'item',
    } as const;
    for (const id of Object.values(ids)) {
      const body = (await t.get(`/v2/works/detail/${id}`)).json();
      for (const [kind, { link, table }] of Object.entries(ENTITY_KINDS)) {
        const { rows } = await sql<{ id: string; name: string; nameCn: string | null }>`
          SELECT e.id, e.name, e.name_cn AS "nameCn" FROM ${sql.table(link)} l
          JOIN ${sql.table(table)} e ON e.id = l.entity_id WHERE l.work_id = ${id} ORDER BY e.id`.execute(
          t.database.db,
        );
        expect(body[keys[kind as keyof typeof keys]], `${id} ${kind}`).toEqual(rows);
      }
    }
  });

  it('answers 404 in the envelope for an unknown id and 400 for an id that is not a number', async () => {
    // A number no work has — past int64 or 0 included — is no such work.
    for (const missingId of ['1234567890123456', '9999999999999999999', '99999999999999999999', '0']) {
      const missing = await t.get(`/v2/works/detail/${missingId}`);
      expect(missing.statusCode, missingId).toBe(404);
      expect(missing.json()).toEqual({ code: 404, msg: SERVER_MSG.workNotFound });
    }
    for (const bad of ['abc', '12ab', '-1', '1.5', '1e3']) {
      const res = await t.get(`/v2/works/detail/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.badWorkId });
    }
  });
});

describe('GET /v2/dht/list', () => {
  it('lists the magnets of a number in any spelling, HD first', async () => {
    const res = await t.get('/v2/dht/list', {
      keyword: 'ssis001',
      pageSize: 48,
      pageNum: 1,
      order: 'dht',
      data: 0,
      category: 'video',
      modId: 3,
      remark: 'dht',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.rows[0]).toEqual({
      name: 'SSIS-001 hd',
      infoHash: hash('b'),
      length: 1024 ** 3,
      createTime: '2023-01-02 10:00:00',
      hd: true,
      subtitle: false,
    });
  });

  it('orders by time and size, and answers an empty list for a number without magnets', async () => {
    const byTime = (await t.get('/v2/dht/list', { keyword: 'SSIS-001', order: 'time' })).json();
    expect(byTime.rows.map((m: { name: string }) => m.name)).toEqual(['SSIS-001 plain', 'SSIS-001 hd']);
    const bySize = (await t.get('/v2/dht/list', { keyword: 'SSIS-001', order: 'size' })).json();
    expect(bySize.rows[0].length).toBe(3 * 1024 ** 3);
    expect((await t.get('/v2/dht/list', { keyword: 'ABC-100' })).json()).toMatchObject({
      rows: [],
      total: 0,
    });
    expect((await t.get('/v2/dht/list', { keyword: '---' })).json()).toMatchObject({ rows: [], total: 0 });
    expect((await t.get('/v2/dht/list', {})).statusCode).toBe(400);
  });

  it('takes a whole work number, longer than the search box allows (up to 64 characters)', async () => {
    const long = 'Studio.24.01.05.a-long-western-scene-name';
    expect(long.length).toBeGreaterThan(LIMITS.keywordMax);
    expect((await t.get('/v2/dht/list', { keyword: long })).json()).toMatchObject({ code: 200, total: 0 });
    const tooLong = await t.get('/v2/dht/list', { keyword: 'x'.repeat(LIMITS.workNumberMax + 1) });
    expect(tooLong.json()).toEqual({ code: 400, msg: MSG.keywordWarning });
  });
});

describe('tag groups, entity lists and performers', () => {
  it('answers the tag groups of a channel by modId or modName', async () => {
    const censored = (await t.get('/v2/tag/channel', { modId: 1 })).json();
    expect(censored.data).toEqual([
      {
        name: '类型',
        items: [
          { id: expect.any(String), name: '剧情', nameCn: null },
          { id: expect.any(String), name: '短片', nameCn: null },
        ],
      },
    ]);
    const uncensored = (await t.get('/v2/tag/channel', { modName: 'uncensored', tableNmae: 'tag' })).json();
    expect(uncensored.data.map((g: { name: string }) => g.name)).toEqual(['主题']);
  });

  it('lists entities of a channel with their counts, most works first', async () => {
    const makers = (
      await t.get('/v2/tag/list', { tableName: 'maker', modId: 1, pageNum: 1, pageSize: 32 })
    ).json();
    expect(makers).toMatchObject({ code: 200, total: 1, rows: [{ name: 'Maker A', count: 2 }] });
    const performers = (await t.get('/v2/tag/list', { tableName: 'performer', modId: 1 })).json();
    expect(performers.rows).toEqual([
      { id: expect.any(String), name: 'Performer A', count: 2 },
      { id: expect.any(String), name: 'Performer B', count: 1 },
    ]);
    const western = (await t.get('/v2/tag/list', { tableName: 'maker', modId: 3 })).json();
    expect(western.rows.map((r: { name: string }) => r.name)).toEqual(['Studio X']);
    expect((await t.get('/v2/tag/list', { tableName: 'director' })).json().rows).toHaveLength(1);
  });

  it('lists performers with count and uncensoredCount', async () => {
    const censored = (await t.get('/v2/works/performer/list', { modName: 'censored' })).json();
    expect(censored.rows[0]).toEqual({
      id: expect.any(String),
      name: 'Performer A',
      nameCn: '演员甲',
      count: 2,
      uncensoredCount: 1,
    });
    const uncensored = (await t.get('/v2/works/performer/list', { modName: 'uncensored' })).json();
    expect(uncensored).toMatchObject({
      total: 1,
      rows: [{ name: 'Performer A', count: 1, uncensoredCount: 1 }],
    });
  });
});
