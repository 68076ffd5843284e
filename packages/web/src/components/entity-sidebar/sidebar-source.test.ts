import { describe, expect, it } from 'vitest';
import { parseSidebarPage, performerEntries, sidebarPageCount, tagEntries } from './sidebar-source';

describe('sidebar entries', () => {
  it('keep tag rows as they are', () => {
    expect(tagEntries([{ id: '1', name: '甲', count: 3 }])).toEqual([{ id: '1', name: '甲', count: 3 }]);
  });

  it('count a performer’s works in the listed channel', () => {
    const rows = [{ id: '7', name: '乙', nameCn: null, count: 5, uncensoredCount: 2 }];
    expect(performerEntries(rows, 'censored')).toEqual([{ id: '7', name: '乙', count: 5 }]);
    expect(performerEntries(rows, 'uncensored')).toEqual([{ id: '7', name: '乙', count: 2 }]);
  });
});

describe('sidebar paging', () => {
  it('counts pages of 32, at least one', () => {
    expect(sidebarPageCount(0, 32)).toBe(1);
    expect(sidebarPageCount(32, 32)).toBe(1);
    expect(sidebarPageCount(36, 32)).toBe(2);
  });

  it('reads ?page= as a whole number from 1, anything else as 1', () => {
    expect(parseSidebarPage(null)).toBe(1);
    expect(parseSidebarPage('2')).toBe(2);
    for (const bad of ['0', '-1', 'x', '1.5', '', '99999']) expect(parseSidebarPage(bad)).toBe(1);
  });
});
