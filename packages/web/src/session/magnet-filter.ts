import { useSyncExternalStore } from 'react';

/** Session storage key of the magnet filter (docs/product.md §4: kept for the session, default 1). */
export const MAGNET_FILTER_KEY = 'isDht';

export type MagnetFilter = 0 | 1;

const listeners = new Set<() => void>();

/** 1 = only works with magnets (the default), 0 = show all. */
export function getMagnetFilter(): MagnetFilter {
  try {
    return sessionStorage.getItem(MAGNET_FILTER_KEY) === '0' ? 0 : 1;
  } catch {
    return 1;
  }
}

export function setMagnetFilter(value: MagnetFilter): void {
  try {
    sessionStorage.setItem(MAGNET_FILTER_KEY, String(value));
  } catch {
    // Private mode without storage: the filter still applies until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session's magnet filter; components re-render (and lists reload) when it changes. */
export function useMagnetFilter(): [MagnetFilter, (value: MagnetFilter) => void] {
  const value = useSyncExternalStore(subscribe, getMagnetFilter, () => 1 as const);
  return [value, setMagnetFilter];
}
