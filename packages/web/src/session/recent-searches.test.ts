import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  getRecentSearches,
  parseRecentSearches,
  RECENT_SEARCHES_KEPT,
  RECENT_SEARCHES_KEY,
  withRecentSearch,
} from './recent-searches';

/** A Storage of one map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('recent searches', () => {
  it('keeps the newest first, each once, and only the last few', () => {
    expect(withRecentSearch(['b', 'a'], 'a')).toEqual(['a', 'b']);
    const many = Array.from({ length: RECENT_SEARCHES_KEPT }, (_, i) => `k${i}`);
    expect(withRecentSearch(many, 'new')).toEqual(['new', ...many.slice(0, -1)]);
  });

  it('drops what is not a list of keywords', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('{')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches(JSON.stringify(['ok', 3, '', null, 'x'.repeat(33), 'fine']))).toEqual([
      'ok',
      'fine',
    ]);
  });

  it('stores, reads back and clears', () => {
    const store = memoryStorage();
    addRecentSearch('星空', store);
    addRecentSearch('YKJ-263', store);
    expect(getRecentSearches(store)).toEqual(['YKJ-263', '星空']);
    expect(JSON.parse(store.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['YKJ-263', '星空']);
    clearRecentSearches(store);
    expect(getRecentSearches(store)).toEqual([]);
  });

  it('goes on without storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => addRecentSearch('a', refusing)).not.toThrow();
    expect(getRecentSearches(refusing)).toEqual([]);
    expect(() => clearRecentSearches(refusing)).not.toThrow();
  });
});
