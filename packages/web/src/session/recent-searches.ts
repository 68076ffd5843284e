import { LIMITS } from '@yingku/contract';

/** localStorage key of the keywords searched on this device, newest first (decision 043). */
export const RECENT_SEARCHES_KEY = 'recentSearches';

/** How many keywords the search box remembers. */
export const RECENT_SEARCHES_KEPT = 10;

type KeywordStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storage = (): KeywordStorage | undefined => {
  try {
    return localStorage;
  } catch {
    return undefined; // storage refused (private mode): nothing is remembered
  }
};

/** The stored keywords; anything else there (hand edits, another shape) is dropped. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string' && item.length > 0)
      .filter((item) => item.length <= LIMITS.keywordMax)
      .slice(0, RECENT_SEARCHES_KEPT);
  } catch {
    return [];
  }
}

/** The keywords after searching `keyword`: it moves to the front, once, and the oldest fall off. */
export function withRecentSearch(recent: readonly string[], keyword: string): string[] {
  return [keyword, ...recent.filter((old) => old !== keyword)].slice(0, RECENT_SEARCHES_KEPT);
}

export function getRecentSearches(store = storage()): string[] {
  try {
    return parseRecentSearches(store?.getItem(RECENT_SEARCHES_KEY) ?? null);
  } catch {
    return [];
  }
}

export function addRecentSearch(keyword: string, store = storage()): void {
  try {
    store?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(withRecentSearch(getRecentSearches(store), keyword)));
  } catch {
    // Storage full or refused: the search itself goes on.
  }
}

export function clearRecentSearches(store = storage()): void {
  try {
    store?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Refused: nothing was kept either.
  }
}
