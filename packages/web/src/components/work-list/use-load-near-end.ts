import { useEffect, useRef } from 'react';

/**
 * How far below the screen the end of a list starts loading its next page (antd-mobile InfiniteScroll's
 * default).
 */
export const NEAR_END_MARGIN_PX = 250;

/**
 * Infinite lists (docs/product.md §2 "Lists are infinite", decision 031): calls `load` when the returned
 * ref's element (the list's footer) comes within {@link NEAR_END_MARGIN_PX} of the screen, while `canLoad`.
 * One call per approach: the observer stops at the first sighting and starts again only when a page has come
 * (`shown`, the number of items, changed) or `canLoad` turns true again (a page in flight, a failed page, or
 * the end make it false), so a page never loads twice and a failed one waits for the user's retry. If the
 * footer is still in reach after a page (a short page on a tall screen), the next one loads too. Without
 * IntersectionObserver the load-more button is the way.
 */
export function useLoadNearEnd<T extends Element>(canLoad: boolean, shown: number, load: () => void) {
  const ref = useRef<T>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const target = ref.current;
    if (!canLoad || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        loadRef.current();
      },
      { rootMargin: `0px 0px ${NEAR_END_MARGIN_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad, shown]);
  return ref;
}
