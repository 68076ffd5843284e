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

  it('answers each day and window alike however many were asked before (the answers are kept)', () => {
    const fresh = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    for (let round = 0; round < 2; round++)
      for (let days = 0; days < 400; days += 3)
        for (const day of ['2026-11-28', '2024-02-29', '2027-01-01'])
          expect(daysBefore(day, days), `${day} - ${days}`).toBe(fresh(day, days));
  });
});
