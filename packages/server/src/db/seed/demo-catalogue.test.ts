import { ENTITY_TABLES, importLine, MOD_NAMES } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { daysBefore } from '../../lib/site-time';
import { snowflakeId } from '../../features/catalogue-write/id-generator';
import { generateDemoCatalogue, loadDemoCatalogueIfEmpty } from './demo-catalogue';
import { CENSORED_PREFIXES } from './demo-words';

describe('generateDemoCatalogue', () => {
  const small = { seed: 7, works: 400, today: '2025-01-31' };

  it('gives the same works for the same seed on any day; only the dates move', () => {
    const a = generateDemoCatalogue(small);
    expect(generateDemoCatalogue(small)).toEqual(a);
    const later = generateDemoCatalogue({ ...small, today: '2025-03-02' });
    const withoutDates = (lines: typeof a) =>
      lines.map(({ pubDate: _d, magnets, ...rest }) => ({
        ...rest,
        magnets: magnets?.map(({ createTime: _t, ...m }) => m),
      }));
    expect(withoutDates(later)).toEqual(withoutDates(a));
    expect(later.map((l) => l.pubDate)).toEqual(a.map((l) => daysBefore(l.pubDate, -30)));
    expect(generateDemoCatalogue({ ...small, seed: 8 }).map((l) => l.number)).not.toEqual(
      a.map((l) => l.number),
    );
  });

  it('splits channels about 55/25/20, with unique numbers and recent works in each', () => {
    const lines = generateDemoCatalogue(small).map((l) => importLine.parse(l));
    const of = (channel: number) => lines.filter((l) => l.channel === channel);
    expect([1, 2, 3].map((c) => of(c).length)).toEqual([220, 100, 80]);
    for (const c of [1, 2, 3]) {
      const numbers = of(c).map((l) => l.number);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(of(c).filter((l) => l.pubDate >= daysBefore(small.today, 29)).length).toBeGreaterThan(8);
    }
    expect(of(1).every((l) => CENSORED_PREFIXES.some((p) => l.number.startsWith(`${p}-`)))).toBe(true);
    expect(of(2).some((l) => /^\d{6}-\d{3}$/.test(l.number))).toBe(true);
    expect(of(3).every((l) => /^[A-Za-z]+\.\d{2}\.\d{2}\.\d{2}$/.test(l.number))).toBe(true);
    expect(lines.map((l) => l.pubDate)).toEqual(lines.map((l) => l.pubDate).sort());
  });

  it('draws ratings on 0–5, some unrated, stills, previews and magnets as described', () => {
    const lines = generateDemoCatalogue(small).map((l) => importLine.parse(l));
    expect(lines.every((l) => l.average >= 0 && l.average <= 5)).toBe(true);
    expect(lines.filter((l) => l.average === 0).every((l) => l.evaluates === 0)).toBe(true);
    expect(lines.some((l) => l.average === 0)).toBe(true);
    expect(lines.some((l) => l.imageBig.length <= 2) && lines.some((l) => l.imageBig.length >= 4)).toBe(true);
    expect(new Set(lines.map((l) => l.isOnline))).toEqual(new Set([0, 1, 2]));
    expect(lines.find((l) => l.mp4)?.mp4).toMatch(/^demo\/preview\/.+\.mp4$/);
    const withoutMagnets = lines.filter((l) => l.magnets.length === 0).length / lines.length;
    expect(withoutMagnets).toBeGreaterThan(0.08);
    expect(withoutMagnets).toBeLessThan(0.22);
    const sizes = lines.flatMap((l) => l.magnets.map((m) => m.length));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(300 * 1024 ** 2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(8.2 * 1024 ** 3);
  });
});

describe('loadDemoCatalogueIfEmpty', () => {
  let t: TestApp;
  let loaded: { works: number; ms: number } | null;

  beforeAll(async () => {
    t = await createTestApp();
    loaded = await loadDemoCatalogueIfEmpty(t.database.db);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('loads the default catalogue once, with deterministic 19-digit ids', async () => {
    expect(loaded).toMatchObject({ works: 3000 });
    console.log(`demo catalogue: ${loaded!.works} works in ${loaded!.ms} ms (${t.database.kind})`);
    expect(await loadDemoCatalogueIfEmpty(t.database.db)).toBeNull();
    const res = await t.get('/v2/works/detail/list', { date: 999, pageSize: 1, sort: 'pubTime' });
    expect(res.json().total).toBe(3000);
    const oldest = await t.get('/v2/works/detail/list', { keyword: generateDemoCatalogue()[0]!.number });
    expect(oldest.json().rows[0].id).toBe(snowflakeId(Date.UTC(2024, 0, 1), 0, 0));
  });

  it.each(MOD_NAMES)('fills the %s latest list, tag groups and every entity list', async (modName) => {
    const modId = MOD_NAMES.indexOf(modName) + 1;
    const latest = await t.get('/v2/works/detail/list', { modName });
    expect(latest.json().rows.length).toBe(32);
    const groups = await t.get('/v2/tag/channel', { modId });
    expect(groups.json().data.length).toBeGreaterThanOrEqual(3);
    for (const tableName of ENTITY_TABLES) {
      const res = await t.get('/v2/tag/list', { tableName, modId });
      expect(res.json().total, `${tableName} of ${modName}`).toBeGreaterThan(0);
    }
    const performers = await t.get('/v2/works/performer/list', { modName });
    expect(performers.json().total).toBeGreaterThan(0);
  });

  it('has performers with works in both censored and uncensored', async () => {
    const res = await t.get('/v2/works/performer/list', { modName: 'censored', pageSize: 100 });
    const rows = res.json().rows as Array<{ count: number; uncensoredCount: number }>;
    expect(rows.some((r) => r.count > 0 && r.uncensoredCount > 0)).toBe(true);
  });

  it('points covers and stills at pictures the media routes draw', async () => {
    const list = await t.get('/v2/works/detail/list', { modName: 'western', pageSize: 1 });
    const { id, number } = list.json().rows[0] as { id: string; number: string };
    const detail = (await t.get(`/v2/works/detail/${id}`)).json().data;
    for (const path of [detail.picBig, detail.picSmall, ...detail.imageBig.split(',').filter(Boolean)]) {
      const res = await t.app.inject({ method: 'GET', url: `/img/${path}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(number);
    }
  });
});
