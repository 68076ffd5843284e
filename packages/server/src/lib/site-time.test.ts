import { describe, expect, it } from 'vitest';
import { daysBefore, todayInShanghai } from './site-time';

describe("the site's day", () => {
  it('turns at midnight in Shanghai (16:00 UTC), whatever was asked just before', () => {
    expect(todayInShanghai(new Date('2026-11-28T15:59:59.999Z'))).toBe('2026-11-28');
    expect(todayInShanghai(new Date('2026-11-28T16:00:00.000Z'))).toBe('2026-11-29');
    expect(todayInShanghai(new Date('2026-11-28T15:59:00.000Z'))).toBe('2026-11-28');
    expect(todayInShanghai(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
  });

  it('counts days back across months and years', () => {
    expect(daysBefore('2027-01-01', 1)).toBe('2026-12-31');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
  });
});
