import { API, type EntityMatch, type Suggestions } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { buildWorkLine, insertWorks } from '../../../../test/factories';
import { foldWords, titleGrams } from './text';
import { spellings, toSimplified } from './simplified';

/**
 * 繁體中文 (decision 046): a keyword typed in traditional characters finds what its simplified
 * spelling finds — titles through their folded index text, names and title prefixes by looking
 * up both spellings. Fictional names and titles only.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertWorks(t.database.db, [
    buildWorkLine({
      number: 'SCR-001',
      title: '银河电车的旅行记录',
      performers: [{ name: '远山晴香', nameCn: '远山晴香' }],
    }),
    buildWorkLine({ number: 'SCR-002', title: '银河电车 续篇', makers: ['云端制作'] }),
    buildWorkLine({ number: 'SCR-003', title: '海边的夏日', performers: ['远山晴香'] }),
    // A name kept in traditional characters is found as typed.
    buildWorkLine({ number: 'SCR-004', title: '另一部作品', performers: ['遠藤雲雀'] }),
  ]);
});

afterAll(async () => {
  await t.close();
});

async function numbers(keyword: string): Promise<string[]> {
  const res = await t.get(API.worksList, { keyword, date: 999 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as Array<{ number: string }>).map((row) => row.number).sort();
}

async function entities(keyword: string): Promise<string[]> {
  const res = await t.get(API.searchEntities, { keyword });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as EntityMatch[]).map((row) => `${row.kind}:${row.name}`);
}

describe('the title index text', () => {
  it('is in simplified characters whichever script a title is written in', () => {
    expect(foldWords('銀河電車 SSIS-001')).toBe('银河电车 ssis-001');
    expect(titleGrams('電車')).toEqual(titleGrams('电车'));
    expect(toSimplified('ｔｅｓｔ カナ')).toBe('ｔｅｓｔ カナ');
    expect(spellings('远山')).toEqual(['远山']);
    expect(spellings('遠山')).toEqual(['遠山', '远山']);
  });
});

describe('a keyword in traditional characters', () => {
  it('finds the works its simplified spelling finds, short words and long alike', async () => {
    for (const [traditional, simplified] of [
      ['銀河電車', '银河电车'],
      ['電車', '电车'],
      ['記錄', '记录'],
      ['續', '续'],
    ] as const) {
      const found = await numbers(simplified);
      expect(found.length, simplified).toBeGreaterThan(0);
      expect(await numbers(traditional), traditional).toEqual(found);
    }
    expect(await numbers('銀河電車')).toEqual(['SCR-001', 'SCR-002']);
  });

  it('finds names in either spelling', async () => {
    expect(await entities('遠山晴香')).toEqual(await entities('远山晴香'));
    expect(await entities('遠山晴香')).toContain('performer:远山晴香');
    expect(await entities('雲端製作')).toContain('maker:云端制作');
    // A name stored in traditional characters is still found by them.
    expect(await entities('遠藤')).toContain('performer:遠藤雲雀');
  });

  it('is suggested the same works and names', async () => {
    const res = await t.get(API.searchSuggest, { keyword: '銀河' });
    expect(res.statusCode, res.body).toBe(200);
    const body = (res.json() as { data: Suggestions }).data;
    expect(body.works.map((work) => work.number).sort()).toEqual(['SCR-001', 'SCR-002']);
    const names = await t.get(API.searchSuggest, { keyword: '遠山' });
    expect((names.json() as { data: Suggestions }).data.entities.map((entity) => entity.name)).toContain(
      '远山晴香',
    );
  });
});
