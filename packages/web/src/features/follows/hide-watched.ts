import { useSyncExternalStore } from 'react';

// 隐藏已看过 (decision 045): the lists are public cached answers, so watched works are hidden on
// the device, by one stylesheet of the member's newest 看过 ids (at most FOLLOW_LIMITS.watchedIdsMax)
// that applies while <html data-hide-watched> is set. Cards outside the member center's own
// lists (which say data-member-list) are hidden; nothing in the lists' code changes.

const KEY = 'yk-hide-watched';
const ATTRIBUTE = 'data-hide-watched';
const STYLE_ID = 'yk-hide-watched-style';
const listeners = new Set<() => void>();

export function getHideWatched(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setHideWatched(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the switch still works for this page.
  }
  document.documentElement.toggleAttribute(ATTRIBUTE, on);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHideWatched(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, getHideWatched, () => false), setHideWatched];
}

/** Work ids are digits only (contract ids.ts), so they go into a selector as they are. */
const cardRule = (id: string) => `html[${ATTRIBUTE}] main a[href$="/${id}"]:not([data-member-list] a)`;

/** Keeps the page's hiding rules to `ids`, and the switch's state on <html>. */
export function applyWatchedIds(ids: readonly string[]): void {
  document.documentElement.toggleAttribute(ATTRIBUTE, getHideWatched());
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.append(style);
  }
  const safe = ids.filter((id) => /^\d+$/.test(id));
  style.textContent = safe.length ? `${safe.map(cardRule).join(',\n')} { display: none; }` : '';
}
