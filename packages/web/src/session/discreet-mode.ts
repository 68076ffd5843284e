import { DISCREET_ATTRIBUTE, DISCREET_COOKIE, discreetFromCookies } from '@yingku/contract';
import { useSyncExternalStore } from 'react';
import { revealPicturesOnTap } from './discreet-reveal';

/** How long the device keeps the choice. */
const KEPT_S = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();

/** Whether 隐私模式 is on (docs/product.md §1): the cookie the server reads to mark the page (contract). */
export function getDiscreet(): boolean {
  return typeof document !== 'undefined' && discreetFromCookies(document.cookie);
}

/** Turns 隐私模式 on or off on this device: the page follows at once, the next ones from their first paint. */
export function setDiscreet(on: boolean): void {
  document.cookie = `${DISCREET_COOKIE}=${on ? 1 : 0}; path=/; max-age=${on ? KEPT_S : 0}; samesite=lax`;
  document.documentElement.toggleAttribute(DISCREET_ATTRIBUTE, on);
  if (on) revealPicturesOnTap();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDiscreet(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, getDiscreet, () => false), setDiscreet];
}
