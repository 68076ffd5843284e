import {
  DISCREET_ATTRIBUTE,
  DISCREET_COOKIE,
  DISCREET_PICTURE_ATTRIBUTE,
  discreetFromCookies,
  REVEALED_ATTRIBUTE,
} from '@yingku/contract';
import { useSyncExternalStore } from 'react';

/** How long the device keeps the choice. */
const KEPT_S = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();

/** Whether 隐私模式 is on (issue 17): the cookie the server reads to mark the page (contract). */
export function getDiscreet(): boolean {
  return typeof document !== 'undefined' && discreetFromCookies(document.cookie);
}

/** Turns 隐私模式 on or off on this device: the page follows at once, the next ones from their first paint. */
export function setDiscreet(on: boolean): void {
  document.cookie = `${DISCREET_COOKIE}=${on ? 1 : 0}; path=/; max-age=${on ? KEPT_S : 0}; samesite=lax`;
  document.documentElement.toggleAttribute(DISCREET_ATTRIBUTE, on);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDiscreet(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, getDiscreet, () => false), setDiscreet];
}

/**
 * While 隐私模式 is on, a tap on a blurred picture (a cover, a still) shows it, and does nothing
 * else: the card's link or the still's viewer open on the next tap. Listened for on the document
 * before the app's own handlers, so no screen has to know. Installed once at start.
 */
export function revealPicturesOnTap(doc: Document = document): void {
  doc.addEventListener(
    'click',
    (event) => {
      if (!doc.documentElement.hasAttribute(DISCREET_ATTRIBUTE)) return;
      const target = event.target;
      if (!(target instanceof Element) || !target.hasAttribute(DISCREET_PICTURE_ATTRIBUTE)) return;
      if (target.hasAttribute(REVEALED_ATTRIBUTE)) return;
      event.preventDefault();
      event.stopPropagation();
      target.setAttribute(REVEALED_ATTRIBUTE, '');
    },
    true,
  );
}
