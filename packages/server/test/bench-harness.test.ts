import { describe, expect, it } from 'vitest';
import { numberSpelling, titleWords } from '../bench/api-scenarios';
import { parseBenchArgs, postgresLabel } from '../bench/bench-options';
import {
  type Ceiling,
  type DatabaseResult,
  databaseTable,
  formatTable,
  ms,
  type ScenarioResult,
  sideBySideTable,
  tracingTable,
  verdict,
} from '../bench/report';
import { namePiece, numberPrefix, titleStart } from '../bench/search-box-words';
import { hitRatio, quantile, summarise } from '../bench/stats';
import { createDice } from '../src/db/seed/demo-random';

// The pure parts of `npm run bench` (packages/server/bench): what its figures are computed with.

describe('quantile and summarise', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(sorted, 0.5)).toBe(50);
    expect(quantile(sorted, 0.99)).toBe(99);
    expect(quantile(sorted, 1)).toBe(100);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('summarises unsorted latencies over the run time', () => {
    const summary = summarise([5, 1, 3, 2, 4], 2, 6, 1);
    expect(summary).toEqual({ rps: 2.5, p50: 3, p99: 5, requests: 6, errors: 1 });
  });

  it('gives the hit share between two counter readings', () => {
    expect(hitRatio({ hits: 10, misses: 5 }, { hits: 19, misses: 6 })).toBeCloseTo(0.9);
    expect(hitRatio({ hits: 1, misses: 1 }, { hits: 1, misses: 1 })).toBeNaN();
  });
});

describe('report', () => {
  const load = (p99: number, rps = 300, errors = 0) => ({ rps, p50: p99 / 2, p99, requests: 3000, errors });
  const result = (name: string, p99: number, extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
    name,
    kind: 'miss',
    targetMs: 20,
    fixed: load(p99),
    saturation: load(p99, 1000),
    dbMsPerRequest: Number.NaN,
    appCpuMsPerRequest: Number.NaN,
    dbCpuMsPerRequest: Number.NaN,
    rssMb: 100,
    cacheHitRatio: Number.NaN,
    ...extra,
  });
  const ceiling: Ceiling = { plain: load(1, 40_000), signed: load(1, 20_000), fixed: load(1) };

  it('aligns columns, numbers to the right', () => {
    expect(
      formatTable(
        ['name', 'ms'],
        [
          ['a', '1.5'],
          ['longer', '12.0'],
        ],
      ),
    ).toBe(['name    ms', '------  ----', 'a        1.5', 'longer  12.0'].join('\n'));
  });

  it('prints milliseconds to one decimal below 100, and a dash for nothing', () => {
    expect([ms(3.14159), ms(123.4), ms(Number.NaN)]).toEqual(['3.1', '123', '—']);
  });

  it('passes a scenario only within its target, without errors, at the offered rate', () => {
    expect(verdict(result('ok', 19), 300)).toBe('✓');
    expect(verdict(result('slow', 21), 300)).toBe('✗');
    expect(verdict(result('errors', 5, { fixed: load(5, 300, 2) }), 300)).toBe('✗');
    expect(verdict(result('behind', 5, { fixed: load(5, 200) }), 300)).toBe('✗');
    expect(verdict(result('hit', 5, { kind: 'hit', targetMs: undefined }), 300)).toBe('');
  });

  it("shows each scenario's share of the signed ceiling, the database's time and the CPU a request", () => {
    const table = databaseTable(
      {
        label: 'pg:1m',
        kind: 'postgres',
        works: 1_000_000,
        peakMb: 200,
        loadAverage: [0.5, 1],
        results: [
          result('measured', 5, {
            dbMsPerRequest: 0.4321,
            appCpuMsPerRequest: 0.25,
            dbCpuMsPerRequest: 0.125,
          }),
          result('unmeasured', 5),
        ],
      },
      ceiling,
      300,
    );
    const [header, , measured, unmeasured] = table.split('\n');
    expect(header).toMatch(/of hello\s+db ms\/req\s+app cpu\s+db cpu\s+cache hits/);
    expect(measured).toMatch(/5\.0%\s+0\.43\s+0\.25\s+0\.13\s+—/);
    expect(unmeasured).toMatch(/5\.0%\s+—\s+—\s+—\s+—/);
  });

  it('puts databases side by side: p99 with a mark, hit rows as a share of hello-world', () => {
    const db = (label: string, works: number, p99: number): DatabaseResult => ({
      label,
      kind: 'postgres',
      works,
      peakMb: 200,
      loadAverage: [0.5, 1],
      results: [
        result('latest p1', p99),
        result('hit: latest p1', 1, { kind: 'hit', targetMs: undefined, saturation: load(1, 5_000) }),
      ],
    });
    const table = sideBySideTable([db('pg:10k', 10_000, 3), db('pg:1m', 1_000_000, 25)], ceiling, 300);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/target\s+pg:10k \(10,000\)\s+pg:1m \(1,000,000\)/);
    expect(lines[2]).toMatch(/^latest p1\s+20\s+3\.0 ✓\s+25\.0 ✗$/);
    expect(lines[3]).toMatch(/25\.0% of hello\s+25\.0% of hello$/);
  });

  it('puts a database with tracing off beside itself with tracing on (--tracing)', () => {
    const db = (label: string, rps: number): DatabaseResult => ({
      label,
      kind: 'demo',
      works: 3000,
      peakMb: 200,
      loadAverage: [0.5, 1],
      results: [result('latest p1', 4, { saturation: load(8, rps) })],
    });
    const table = tracingTable([db('demo', 4_000), db('demo, tracing on', 3_000)], ceiling);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/off: req\/s \(of hello\)\s+on: req\/s \(of hello\)\s+change/);
    expect(lines[2]).toMatch(
      /^demo\s+latest p1\s+4000 \(20\.0%\)\s+3000 \(15\.0%\)\s+-25\.0%\s+4\.0\s+4\.0$/,
    );
  });
});

describe('parseBenchArgs', () => {
  it('measures the demo catalogue by default, at 300 requests/s', () => {
    const options = parseBenchArgs([], new Date('2026-11-23T10:00:00Z'));
    expect(options.targets).toEqual([{ kind: 'demo', label: 'demo (PGlite)' }]);
    expect(options).toMatchObject({ rate: 300, fixedSeconds: 10, saturationSeconds: 5, connections: 50 });
    expect(options.jsonFile).toMatch(/results[/\\]api-2026-11-23T10-00-00\.json$/);
  });

  it('takes several databases, repeated or as a comma list, and short runs with --quick', () => {
    const options = parseBenchArgs([
      '--database-url',
      'postgres://u@h/yingku_bench_10k,postgres://u@h/yingku_bench_100k',
      '--database-url',
      'postgres://u@h/yingku_bench_1m',
      '--data-dir',
      '/work/bench-data/pglite-10k',
      '--quick',
      '--scenarios',
      'latest',
    ]);
    expect(options.targets.map((t) => t.label)).toEqual([
      'pg:yingku_bench_10k',
      'pg:yingku_bench_100k',
      'pg:yingku_bench_1m',
      'pglite:pglite-10k',
    ]);
    expect(options).toMatchObject({ fixedSeconds: 3, saturationSeconds: 2 });
    expect(options.scenarios?.test('latest p200')).toBe(true);
  });

  it('refuses a rate that is not a positive number', () => {
    expect(() => parseBenchArgs(['--rate', 'fast'])).toThrow(/--rate/);
    expect(() => postgresLabel('not a url')).toThrow(/--database-url/);
  });
});

describe('search parameters', () => {
  it('spells a number four ways', () => {
    expect([0, 1, 2, 3].map((v) => numberSpelling('ABC-123', v))).toEqual([
      'ABC-123',
      'abc-123',
      'ABC123',
      'ABC-00123',
    ]);
  });

  it('cuts 1, 2 and 3–4 character CJK words and Latin words of 3+ letters from titles', () => {
    const words = titleWords(['夏日旅行 Bright Garden', '海边']);
    expect(words.one).toEqual(expect.arrayContaining(['夏', '日', '海']));
    expect(words.two).toEqual(expect.arrayContaining(['夏日', '旅行', '海边']));
    expect(words.longer).toEqual(expect.arrayContaining(['夏日旅', '日旅行', 'bright', 'garden']));
    expect(words.two).not.toContain('行海');
  });
});

describe('search box parameters', () => {
  it('types the start of a number, short of the whole, as shown or lower-cased', () => {
    expect(numberPrefix('YKJ-263', 5, false)).toBe('YKJ-2');
    expect(numberPrefix('YKJ-263', 1, true)).toBe('yk');
    expect(numberPrefix('YKJ-263', 20, false)).toBe('YKJ-26');
  });

  it('takes the first characters of a title, a CJK character as one', () => {
    expect(titleStart('夏日旅行 上篇', 3)).toBe('夏日旅');
    expect(titleStart('Bright Garden', 4)).toBe('Brig');
  });

  it('cuts 1–4 characters of a CJK name past its shared prefix, or a romanised word', () => {
    const dice = createDice(3);
    for (let i = 0; i < 50; i++) {
      const cjk = namePiece('演示片商·石榴海盐企划', dice);
      expect('石榴海盐企划').toContain(cjk);
      expect([...cjk].length).toBeGreaterThanOrEqual(1);
      expect([...cjk].length).toBeLessThanOrEqual(4);
      const latin = namePiece('SunnyVisionBayPlus', dice);
      expect(['sunny', 'vision', 'bay', 'plus'].some((w) => w.startsWith(latin.toLowerCase()))).toBe(true);
      expect(latin.length).toBeGreaterThanOrEqual(3);
    }
  });
});
