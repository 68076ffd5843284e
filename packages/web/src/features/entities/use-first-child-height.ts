import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The height of an element's first child, kept current: the entity sidebar sticks just under
 * the sticky channel header, whose height depends on fonts and width.
 */
export function useFirstChildHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const child = ref.current?.firstElementChild;
    if (!child) return;
    const measure = () => setHeight(child.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
