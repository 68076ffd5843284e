import { LIMITS } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import {
  categoriesParams,
  latestParams,
  parseRanking,
  parseSearchTab,
  parseTagIds,
  rankingDates,
  rankingParams,
  rankingSorts,
  replaceGroupSelection,
  searchKeyword,
  searchParams,
} from './channel-params';

describe('latest lists (docs/product.md §9)', () => {
  it('look 30 days back, newest first', () => {
    expect(latestParams('western')).toEqual({ modName: 'western', sort: 'pubTime', date: 30 });
  });
});

describe('search (docs/product.md §2, §5)', () => {
  it('accepts 1–32 characters after trimming', () => {
    expect(searchKeyword(' YK ')).toBe('YK');
    expect(searchKeyword('a'.repeat(32))).toBe('a'.repeat(32));
    expect(searchKeyword('a'.repeat(33))).toBeNull();
    expect(searchKeyword('   ')).toBeNull();
    expect(searchKeyword(undefined)).toBeNull();
  });

  it('has the tabs all, censored, uncensored, western', () => {
    expect(parseSearchTab('uncensored')).toBe('uncensored');
    expect(parseSearchTab(null)).toBe('all');
    expect(parseSearchTab('nonsense')).toBe('all');
  });

  it('sends modName only for a channel tab, over all dates', () => {
    expect(searchParams('YK', 'all')).toEqual({ keyword: 'YK', sort: 'pubTime', date: 999 });
    expect(searchParams('YK', 'western')).toEqual({
      keyword: 'YK',
      modName: 'western',
      sort: 'pubTime',
      date: 999,
    });
  });
});

describe('rankings (docs/product.md §2, §9)', () => {
  it('offers collection and comment rankings on censored only', () => {
    expect(rankingSorts('censored')).toEqual(['pubTime', 'collect', 'evaluates', 'average']);
    expect(rankingSorts('uncensored')).toEqual(['pubTime', 'average']);
    expect(rankingSorts('western')).toEqual(['pubTime', 'average']);
  });

  it('has the date chips of each channel', () => {
    expect(rankingDates('censored')).toEqual([30, 90, 365, 999]);
    expect(rankingDates('uncensored')).toEqual([90, 365, 999]);
    expect(rankingDates('western')).toEqual([90, 365, 999]);
  });

  it('uses all time on the latest-release tab whatever the chip', () => {
    expect(parseRanking('censored', null, null)).toEqual({ sort: 'pubTime', date: 999 });
    expect(parseRanking('censored', 'pubTime', '30')).toEqual({ sort: 'pubTime', date: 999 });
    expect(rankingParams('censored', { sort: 'pubTime', date: 30 })).toEqual({
      modName: 'censored',
      sort: 'pubTime',
      date: 999,
    });
  });

  it('falls back to what the channel offers', () => {
    expect(parseRanking('censored', 'collect', '90')).toEqual({ sort: 'collect', date: 90 });
    expect(parseRanking('censored', 'average', null)).toEqual({ sort: 'average', date: 30 });
    expect(parseRanking('western', 'collect', '30')).toEqual({ sort: 'pubTime', date: 999 });
    expect(parseRanking('uncensored', 'average', '30')).toEqual({ sort: 'average', date: 90 });
    expect(rankingParams('uncensored', { sort: 'average', date: 365 })).toEqual({
      modName: 'uncensored',
      sort: 'average',
      date: 365,
    });
  });
});

describe('categories (docs/product.md §2)', () => {
  it('reads the selected tag ids of the route', () => {
    expect(parseTagIds('index')).toEqual([]);
    expect(parseTagIds(undefined)).toEqual([]);
    expect(parseTagIds('12,7,12,x,0,-3')).toEqual(['12', '7']);
    const many = Array.from({ length: 12 }, (_, i) => String(i + 1)).join(',');
    expect(parseTagIds(many)).toHaveLength(LIMITS.maxTagsPerFilter);
  });

  it('replaces one group’s tags and keeps the others in order', () => {
    expect(replaceGroupSelection(['1', '5'], ['5', '6', '7'], ['5', '7'])).toEqual(['1', '5', '7']);
    expect(replaceGroupSelection(['1', '5', '7'], ['5', '6', '7'], ['7'])).toEqual(['1', '7']);
    expect(replaceGroupSelection(['1'], ['1', '2'], [])).toEqual([]);
  });

  it('filters by every selected tag at once, over all dates', () => {
    expect(categoriesParams('censored', [])).toEqual({ modName: 'censored', sort: 'pubTime', date: 999 });
    expect(categoriesParams('uncensored', ['3', '9'])).toEqual({
      modName: 'uncensored',
      tagsId: '3,9',
      sort: 'pubTime',
      date: 999,
    });
  });
});
