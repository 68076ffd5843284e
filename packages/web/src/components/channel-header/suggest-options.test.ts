import { describe, expect, it } from 'vitest';
import { moveActive, recentOptions, suggestOptions } from './suggest-options';

describe('the search box options', () => {
  it('searches a recent keyword again', () => {
    expect(recentOptions(['星空', 'YKJ-263'])).toEqual([
      { type: 'recent', key: 'recent:星空', href: '/search/%E6%98%9F%E7%A9%BA', keyword: '星空' },
      { type: 'recent', key: 'recent:YKJ-263', href: '/search/YKJ-263', keyword: 'YKJ-263' },
    ]);
  });

  it('opens a work, then the names that have a list', () => {
    const options = suggestOptions({
      works: [{ id: '7', modName: 'uncensored', number: 'YKU-001', title: '标题' }],
      entities: [
        { kind: 'performer', id: '3', name: '星奈', nameCn: null, modName: 'censored', count: 2 },
        // No western performer pages: not offered.
        { kind: 'performer', id: '4', name: 'Nova', nameCn: null, modName: 'western', count: 1 },
        { kind: 'series', id: '5', name: '星空物语', nameCn: null, modName: 'censored', count: 1 },
      ],
    });
    expect(options.map((o) => o.href)).toEqual(['/uncensored/7', '/performer/3', '/series/5']);
    expect(new Set(options.map((o) => o.key)).size).toBe(options.length);
  });

  it('moves through the options with the arrow keys, round the ends', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(1, 1, 0)).toBe(-1);
  });
});
