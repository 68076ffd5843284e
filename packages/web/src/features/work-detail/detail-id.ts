import { LIMITS } from '@yingku/contract';

/** A detail id has at least 16 characters (docs/product.md §5); a shorter one is a wrong address. */
export function isValidDetailId(id: string | undefined): id is string {
  return id !== undefined && id.length >= LIMITS.detailIdMinLength;
}

/**
 * How to go back from a page: `in-app` when the router has an earlier entry of its own,
 * `document` when the browser has an earlier page (another document, e.g. the address was
 * typed), `home` (/index) when the tab has nothing to go back to.
 */
export type BackWay = 'in-app' | 'document' | 'home';

/** From `window.history.state` (react-router keeps its position in `idx`) and `history.length`. */
export function backWay(historyState: unknown, historyLength: number): BackWay {
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number' && idx > 0) return 'in-app';
  return historyLength > 1 ? 'document' : 'home';
}
