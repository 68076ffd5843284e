import { describe, expect, it } from 'vitest';
import {
  chooseSearchStrategy,
  type SearchCounters,
  type SearchRequest,
  type SearchStrategyName,
} from './planner';
import { SEARCH_STRATEGIES } from './strategies';
import { searchTerms } from './text';
import type { EntityFilter, WorksFilter } from '../works-list.repo';

/** The filter the catalogue service makes of a keyword and the list's other narrowings. */
function filterOf(keyword: string, narrowed: Partial<Omit<WorksFilter, 'terms'>> = {}): WorksFilter {
  return { channels: [], onlyWithMagnets: false, entities: [], ...narrowed, terms: searchTerms(keyword) };
}

const tag: EntityFilter = { kind: 'tag', id: '7251600000000001' };
const maker: EntityFilter = { kind: 'maker', id: '7251600000000002' };

/** Keyword (and narrowings) → the strategy that must answer it. Pure: no database. */
const CASES: Array<[string, string, Partial<Omit<WorksFilter, 'terms'>>, SearchStrategyName]> = [
  ['a number', 'SSIS-001', {}, 'number-key'],
  ['a number typed without its hyphen', 'ssis001', {}, 'number-key'],
  ['a number typed with a space', 'SSIS 001', {}, 'number-key'],
  ['a number in full-width characters', 'ｓｓｉｓ００１', {}, 'number-key'],
  ['an uncensored date number', '010120-001', {}, 'number-key'],
  ['a partial number', 'ssis-00', {}, 'number-key'],
  [
    'a number on a channel tab, with magnets, in a window',
    'SSIS-001',
    { channels: [1], onlyWithMagnets: true, sinceDate: '2026-10-21' },
    'number-key',
  ],
  ['a one-character word', '夏', {}, 'short-word'],
  ['a two-character word', '海边', {}, 'short-word'],
  [
    'a short word on a channel tab with magnets',
    '午',
    { channels: [1], onlyWithMagnets: true },
    'short-word',
  ],
  ['a short word that is a wildcard', '%', {}, 'short-word'],
  ['a single Latin letter', 'x', {}, 'short-word'],
  ['a three-character word', '咖啡馆', {}, 'long-words'],
  ['a four-character word', '夏日旅行', {}, 'long-words'],
  ['a Latin word', 'garden', {}, 'long-words'],
  ['a number prefix of 3+ letters', 'ssis', {}, 'long-words'],
  ['two long words', 'western sample', {}, 'long-words'],
  ['a long word in a window', '夏日旅行', { sinceDate: '2026-10-21' }, 'long-words'],
  ['a short word in a window', '夏', { sinceDate: '2026-10-21' }, 'walk-first'],
  ['a two-letter number prefix', 'ab', {}, 'walk-first'],
  ['two short words', '海边 回忆', {}, 'walk-first'],
  ['a long and a short word', '夏日旅行 海', {}, 'walk-first'],
  ['a number among words', 'SSIS-001 夏', {}, 'capped-gather'],
  ['a number with a tag', 'SSIS-001', { entities: [tag] }, 'capped-gather'],
  ['a long word with a tag', '夏日旅行', { entities: [tag] }, 'capped-gather'],
  ['a short word with a maker', '夏', { entities: [maker] }, 'capped-gather'],
  [
    'words with two tags',
    '海边 回忆',
    { entities: [tag, { ...tag, id: '7251600000000003' }] },
    'capped-gather',
  ],
];

describe('chooseSearchStrategy', () => {
  it.each(CASES)('%s (“%s”)', (_, keyword, narrowed, strategy) => {
    expect(chooseSearchStrategy(filterOf(keyword, narrowed))).toBe(strategy);
  });

  it('has a case for every strategy', () => {
    expect(new Set(CASES.map(([, , , strategy]) => strategy))).toEqual(
      new Set(Object.keys(SEARCH_STRATEGIES)),
    );
  });
});

describe('the plans of the counted strategies', () => {
  const page2 = (filter: WorksFilter): SearchRequest => ({ filter, sort: 'pubTime', limit: 24, offset: 24 });
  const gram = (gram: string, works: number, channel: 1 | 2 | 3 = 1) => ({
    gram,
    channel,
    works,
    with_magnet: 0,
  });
  const kinds = (plan: { steps: Array<{ kind: string }> }) => plan.steps.map((s) => s.kind);
  const planOf = (name: SearchStrategyName, request: SearchRequest, counters: SearchCounters) => {
    const strategy = SEARCH_STRATEGIES[name];
    if (!strategy.sized) throw new Error(`${name} is planned without counters`);
    return strategy.plan(request, counters);
  };

  it('short-word: a page past the counted total is empty without a read', () => {
    const plan = planOf('short-word', page2(filterOf('夏')), { scopeSize: 1000, grams: [gram('夏', 20)] });
    expect(plan.steps).toEqual([{ kind: 'answer', page: { rows: [], total: 20 } }]);
  });

  it('short-word: walks a common word, gathers a rare one', () => {
    const common = planOf('short-word', page2(filterOf('夏')), {
      scopeSize: 10_000,
      grams: [gram('夏', 5000)],
    });
    expect(kinds(common)).toEqual(['walk', 'gather']);
    const rare = planOf('short-word', page2(filterOf('夏')), { scopeSize: 10_000, grams: [gram('夏', 60)] });
    expect(kinds(rare)).toEqual(['gather']);
  });

  it('long-words: gathers first a word too rare for a walk to fill the page, walks first otherwise', () => {
    // Page 2 of 24 in 10,000 works: a probe walk reads up to 2 × √(48 × 10,000) + 100 = 1,486
    // works, and fills the page if about 48 × 10,000 / 1,486 ≈ 323 titles hold the word.
    const filter = filterOf('咖啡馆');
    const rare = [gram('咖啡', 5000), gram('啡馆', 300)];
    expect(kinds(planOf('long-words', page2(filter), { scopeSize: 10_000, grams: rare }))).toEqual([
      'gather',
      'walk',
      'gather',
    ]);
    // Below the crossover (√(48 × 10,000) ≈ 693), yet common enough for the walk, which reads
    // rows several times faster than a gathering.
    for (const fewer of [4000, 600, 350]) {
      const common = [gram('咖啡', 5000), gram('啡馆', fewer)];
      expect(kinds(planOf('long-words', page2(filter), { scopeSize: 10_000, grams: common }))).toEqual([
        'walk',
        'gather',
        'gather',
      ]);
    }
  });

  it('long-words: gathers first a word of characters whose chain of bigrams is rare', () => {
    // 咖啡 in 5,000 titles, 啡馆 in 4,000, 啡 in 40,000: 咖啡馆 in about 5,000 × 4,000 / 40,000
    // = 500, fewer than a probe walk needs to fill the page (48 × 100,000 / 4,482 ≈ 1,071); with
    // 啡 in 5,000, about 4,000.
    const counters = (inner: number) => ({
      scopeSize: 100_000,
      grams: [gram('咖啡', 5000), gram('啡馆', 4000), gram('啡', inner)],
    });
    expect(kinds(planOf('long-words', page2(filterOf('咖啡馆')), counters(40_000)))[0]).toBe('gather');
    expect(kinds(planOf('long-words', page2(filterOf('咖啡馆')), counters(5_000)))[0]).toBe('walk');
    // Latin letters: the bound alone, however the chain looks.
    const latin = { scopeSize: 100_000, grams: [gram('ca', 5000), gram('af', 4000), gram('a', 20_000)] };
    expect(kinds(planOf('long-words', page2(filterOf('caf')), latin))[0]).toBe('walk');
    // The scope's channels only: another channel's titles full of 啡 do not make it rare here.
    const elsewhere = { ...counters(5_000), grams: [...counters(5_000).grams, gram('啡', 1_000_000, 2)] };
    expect(kinds(planOf('long-words', page2(filterOf('咖啡馆')), elsewhere))[0]).toBe('gather');
    const onChannel1 = filterOf('咖啡馆', { channels: [1] });
    expect(kinds(planOf('long-words', page2(onChannel1), elsewhere))[0]).toBe('walk');
  });

  it('number-key: looks the number up, then plans again as capped-gather', () => {
    const strategy = SEARCH_STRATEGIES['number-key'];
    if (strategy.sized) throw new Error('number-key reads no counter');
    const plan = strategy.plan(page2(filterOf('SSIS-001')));
    expect(kinds(plan)).toEqual(['gather', 'replan']);
    expect(plan.steps[1]).toEqual({ kind: 'replan', strategy: 'capped-gather' });
  });
});
