import { API, LIMITS, MSG, type Suggestions } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { buildWorkLine, insertWorks } from '../../../../test/factories';

let t: TestApp;
let hiddenId: string;

// Fictional numbers, titles and names only (synthetic test data).
beforeAll(async () => {
  t = await createTestApp();
  const { ids } = await insertWorks(t.database.db, [
    buildWorkLine({ number: 'SGT-001', title: '晨光小路 第一话', performers: ['晨光美月'] }),
    buildWorkLine({ number: 'SGT-002', title: '晨光小路 第二话', makers: ['晨光映像'] }),
    buildWorkLine({ number: 'SGT-010', title: 'Morning Road', series: ['晨光系列'] }),
    buildWorkLine({ channel: 'uncensored', number: 'SGU-001', title: '晨光之外' }),
    // Hidden: never suggested.
    buildWorkLine({ number: 'SGT-003', title: '晨光隐藏' }),
    // More titles with one start than the box shows.
    ...Array.from({ length: LIMITS.suggestedWorks + 2 }, (_, i) =>
      buildWorkLine({ number: `SGM-${100 + i}`, title: `银河故事 ${i + 1}` }),
    ),
  ]);
  hiddenId = ids[4]!;
  await sql`UPDATE works SET hidden = true WHERE id = ${hiddenId}`.execute(t.database.db);
});

afterAll(async () => {
  await t.close();
});

async function suggest(query: Record<string, string>): Promise<Suggestions> {
  const res = await t.get(API.searchSuggest, query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ code: number; data: Suggestions }>();
  expect(body.code).toBe(200);
  return body.data;
}

const numbers = (s: Suggestions) => s.works.map((w) => w.number);

describe('GET /v2/search/suggest', () => {
  it('suggests works whose number starts with what was typed, in any spelling', async () => {
    for (const keyword of ['SGT-00', 'sgt00', 'ｓｇｔ－００']) {
      expect(numbers(await suggest({ keyword }))).toEqual(['SGT-001', 'SGT-002']);
    }
    // A number's letters alone: every number under them, in number order.
    expect(numbers(await suggest({ keyword: 'sgt' }))).toEqual(['SGT-001', 'SGT-002', 'SGT-010']);
  });

  it('suggests works whose title starts with what was typed, with the channel each opens in', async () => {
    const found = await suggest({ keyword: '晨光' });
    expect(found.works).toEqual([
      { id: expect.stringMatching(/^\d+$/), modName: 'uncensored', number: 'SGU-001', title: '晨光之外' },
      expect.objectContaining({ number: 'SGT-001', modName: 'censored', title: '晨光小路 第一话' }),
      expect.objectContaining({ number: 'SGT-002' }),
    ]);
    expect(numbers(await suggest({ keyword: 'morning r' }))).toEqual(['SGT-010']);
  });

  it('names a few performers, makers and series whose name holds the keyword', async () => {
    const { entities } = await suggest({ keyword: '晨光' });
    expect(entities.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'performer:晨光美月',
      'maker:晨光映像',
      'series:晨光系列',
    ]);
  });

  it(`suggests at most ${LIMITS.suggestedWorks} works, and keeps to one channel when asked`, async () => {
    expect((await suggest({ keyword: '银河' })).works).toHaveLength(LIMITS.suggestedWorks);
    const uncensored = await suggest({ keyword: '晨光', modName: 'uncensored' });
    expect(numbers(uncensored)).toEqual(['SGU-001']);
    expect(uncensored.entities).toEqual([]);
  });

  it('never suggests a hidden work, and suggests nothing for what starts nothing', async () => {
    expect(numbers(await suggest({ keyword: 'SGT-003' }))).toEqual([]);
    expect(numbers(await suggest({ keyword: '晨光隐' }))).toEqual([]);
    expect(await suggest({ keyword: '无此开头' })).toEqual({ works: [], entities: [] });
    // Wildcards are literal.
    expect(await suggest({ keyword: '%' })).toEqual({ works: [], entities: [] });
  });

  it.each([
    [{}, 'keyword'],
    [{ keyword: '' }, MSG.keywordWarning],
    [{ keyword: 'x'.repeat(LIMITS.keywordMax + 1) }, MSG.keywordWarning],
    [{ keyword: 'a\u0000b' }, ''],
    [{ keyword: '晨光', modName: 'amateur' }, 'modName'],
  ])('refuses %j with a 400 naming the problem', async (query, text) => {
    const res = await t.get(API.searchSuggest, query);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: number; msg: string }>();
    expect(body.code).toBe(400);
    expect(body.msg).toContain(text);
  });
});
