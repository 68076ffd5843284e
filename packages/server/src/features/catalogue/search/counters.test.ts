import { describe, expect, it } from 'vitest';
import { type CounterReads, versionedCounters } from './counters';
import type { GramCount } from './planner';
import type { WorksScope } from '../works-list.repo';

// The counters a search miss is planned from, kept per catalogue version (decision 016). What they
// answer against the database, across imports and hides, is held by search/cache.test.ts; here,
// when they read again and when they keep.

/** Counter reads that answer from `table` and record what they were asked. */
function recordingReads(table: { total: number; grams: GramCount[] }) {
  const asked = { scopes: 0, grams: [] as string[][] };
  const reads: CounterReads = {
    scopeTotal: async () => {
      asked.scopes += 1;
      return table.total;
    },
    gramsCounts: async (grams) => {
      asked.grams.push(grams);
      return table.grams.filter((c) => grams.includes(c.gram));
    },
  };
  return { asked, reads };
}

const all: WorksScope = { channels: [], onlyWithMagnets: false };
const count = (gram: string, works: number): GramCount => ({ gram, channel: 1, works, with_magnet: 0 });

describe('versionedCounters', () => {
  it('reads a scope and a gram once per version, and a gram no title holds once too', async () => {
    const table = { total: 100, grams: [count('海边', 7)] };
    const { asked, reads } = recordingReads(table);
    const counters = versionedCounters(reads);
    for (let i = 0; i < 3; i++) {
      const at = counters.at('5');
      expect(await at.scopeTotal(all)).toBe(100);
      expect(await at.gramsCounts(['海边', '无词'])).toEqual([count('海边', 7)]);
    }
    expect(asked).toEqual({ scopes: 1, grams: [['海边', '无词']] });
    // Another scope, and a new gram beside a kept one: only what is not kept is read.
    const at = counters.at('5');
    await at.scopeTotal({ ...all, onlyWithMagnets: true });
    expect(await at.gramsCounts(['海边', '山间'])).toEqual([count('海边', 7)]);
    expect(asked).toEqual({ scopes: 2, grams: [['海边', '无词'], ['山间']] });
  });

  it('reads again at a new version, and keeps nothing of the old one', async () => {
    const table = { total: 100, grams: [count('海边', 7)] };
    const { asked, reads } = recordingReads(table);
    const counters = versionedCounters(reads);
    await counters.at('5').gramsCounts(['海边']);
    table.total = 101;
    table.grams = [count('海边', 8)];
    expect(await counters.at('6').scopeTotal(all)).toBe(101);
    expect(await counters.at('6').gramsCounts(['海边'])).toEqual([count('海边', 8)]);
    expect(asked.grams).toEqual([['海边'], ['海边']]);
  });

  it('reads through, keeping nothing, for a request that read an older version', async () => {
    const table = { total: 100, grams: [count('海边', 7)] };
    const { asked, reads } = recordingReads(table);
    const counters = versionedCounters(reads);
    await counters.at('10').scopeTotal(all);
    await counters.at('9').scopeTotal(all);
    await counters.at('9').scopeTotal(all);
    expect(asked.scopes).toBe(3);
    // Version 10's count is still kept.
    await counters.at('10').scopeTotal(all);
    expect(asked.scopes).toBe(3);
  });

  it('keeps nothing read under a version that moved on while the read was out', async () => {
    const table = { total: 100, grams: [count('海边', 7)] };
    const { asked, reads } = recordingReads(table);
    const counters = versionedCounters(reads);
    const slow = counters.at('3');
    const reading = slow.gramsCounts(['海边']);
    counters.at('4');
    await reading;
    await counters.at('4').gramsCounts(['海边']);
    expect(asked.grams).toEqual([['海边'], ['海边']]);
  });
});
