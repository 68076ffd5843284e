import { API, type EntityMatch, LIMITS, MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { buildWorkLine, insertWorks } from '../../../../test/factories';

let t: TestApp;

// Fictional names only (synthetic test data).
beforeAll(async () => {
  t = await createTestApp();
  await insertWorks(t.database.db, [
    buildWorkLine({
      performers: [{ name: 'あおぞら星奈', nameCn: '青空星奈' }, 'Lumi Aster'],
      makers: ['星空映像'],
      series: ['星空物语'],
      tags: [{ group: '题材', name: '星空', nameCn: '星空' }],
    }),
    buildWorkLine({ performers: [{ name: 'あおぞら星奈', nameCn: '青空星奈' }], makers: ['星空映像'] }),
    // Two performers whose names only hold the keyword, one of them with more works.
    buildWorkLine({ performers: ['星空みらい', '大星空'] }),
    buildWorkLine({ performers: ['大星空'] }),
    // The uncensored channel's own maker, and a performer mostly there.
    buildWorkLine({ channel: 'uncensored', makers: ['星空无码'], performers: ['Lumi Aster'] }),
    buildWorkLine({ channel: 'uncensored', performers: ['Lumi Aster'] }),
    // Western only: a performer (no western performer pages) and a label (labels are censored
    // only); the western maker has its page.
    buildWorkLine({
      channel: 'western',
      performers: ['Nova Wells'],
      labels: ['Wells Label'],
      makers: ['Wells Films'],
    }),
    // Wildcards in a name, matched literally.
    buildWorkLine({ makers: ['100%_Studio'] }),
    // More makers than one kind shows.
    ...Array.from({ length: LIMITS.entityMatchesPerKind + 2 }, (_, i) =>
      buildWorkLine({ makers: [`银河片商${i + 1}`] }),
    ),
  ]);
});

afterAll(async () => {
  await t.close();
});

async function search(query: Record<string, string>): Promise<EntityMatch[]> {
  const res = await t.get(API.searchEntities, query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ code: number; rows: EntityMatch[]; total: number }>();
  expect(body.code).toBe(200);
  expect(body.total).toBe(body.rows.length);
  return body.rows;
}

const names = (rows: EntityMatch[], kind: EntityMatch['kind']) =>
  rows.filter((row) => row.kind === kind).map((row) => row.name);

describe('GET /v2/search/entities', () => {
  it('finds a performer by part of the Chinese name, with the works and the channel to open', async () => {
    const rows = await search({ keyword: '青空' });
    expect(rows).toEqual([
      {
        kind: 'performer',
        id: expect.stringMatching(/^\d+$/),
        name: 'あおぞら星奈',
        nameCn: '青空星奈',
        modName: 'censored',
        count: 2,
      },
    ]);
  });

  it('finds by the kana name, and by a Latin name in any case', async () => {
    expect(names(await search({ keyword: 'あおぞら' }), 'performer')).toEqual(['あおぞら星奈']);
    const latin = await search({ keyword: 'lumi ASTER' });
    // Most of Lumi Aster's works are uncensored: that is the list the match opens.
    expect(latin).toEqual([
      expect.objectContaining({ kind: 'performer', name: 'Lumi Aster', modName: 'uncensored', count: 2 }),
    ]);
  });

  it('answers every kind whose names hold the keyword: the exact name first, then the most works', async () => {
    const rows = await search({ keyword: '星空' });
    expect(names(rows, 'performer')).toEqual(['大星空', '星空みらい']);
    expect(names(rows, 'maker')).toEqual(['星空映像', '星空无码']);
    expect(names(rows, 'series')).toEqual(['星空物语']);
    expect(names(rows, 'tag')).toEqual(['星空']);
    // Performers come first, then makers, labels, series, directors, same-type and tags.
    expect(rows.map((row) => row.kind)).toEqual([
      'performer',
      'performer',
      'maker',
      'maker',
      'series',
      'tag',
    ]);
    expect(rows.find((row) => row.name === '星空无码')).toMatchObject({ modName: 'uncensored', count: 1 });
  });

  it('keeps to one channel when asked', async () => {
    const rows = await search({ keyword: '星空', modName: 'uncensored' });
    expect(rows.map((row) => `${row.kind}:${row.name}`)).toEqual(['maker:星空无码']);
    const lumi = await search({ keyword: 'Lumi', modName: 'censored' });
    expect(lumi).toEqual([expect.objectContaining({ name: 'Lumi Aster', modName: 'censored', count: 1 })]);
  });

  it('answers only entities with a list page in their channel (docs/product.md §2)', async () => {
    const rows = await search({ keyword: 'wells' });
    expect(rows.map((row) => `${row.kind}:${row.name}:${row.modName}`)).toEqual([
      'maker:Wells Films:western',
    ]);
    expect(await search({ keyword: 'Nova', modName: 'western' })).toEqual([]);
  });

  it(`answers at most ${LIMITS.entityMatchesPerKind} of a kind`, async () => {
    const rows = await search({ keyword: '银河片商' });
    expect(names(rows, 'maker')).toHaveLength(LIMITS.entityMatchesPerKind);
  });

  it('matches % and _ literally, and finds nothing for a name nobody has', async () => {
    expect(names(await search({ keyword: '0%_s' }), 'maker')).toEqual(['100%_Studio']);
    expect(await search({ keyword: '%' })).toEqual([expect.objectContaining({ name: '100%_Studio' })]);
    expect(await search({ keyword: '无人之名' })).toEqual([]);
  });

  it.each([
    [{}, 'keyword'],
    [{ keyword: '' }, MSG.keywordWarning],
    [{ keyword: '   ' }, MSG.keywordWarning],
    [{ keyword: 'x'.repeat(LIMITS.keywordMax + 1) }, MSG.keywordWarning],
    [{ keyword: '星空', modName: 'amateur' }, 'modName'],
  ])('refuses %j with a 400 naming the problem', async (query, text) => {
    const res = await t.get(API.searchEntities, query);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: number; msg: string }>();
    expect(body.code).toBe(400);
    expect(body.msg).toContain(text);
  });

  it('refuses a NUL character with a 400', async () => {
    const res = await t.get(API.searchEntities, { keyword: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: number }>().code).toBe(400);
  });
});
