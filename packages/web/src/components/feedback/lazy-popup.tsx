import type { PopupProps } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState } from 'react';

/** antd-mobile's Popup (its gestures and animations: ≈ 30 KiB gzip), fetched when first opened. */
const Popup = lazy(() => import('antd-mobile/es/components/popup'));

/**
 * `visible`, false for the first frame after mounting: a popup mounted as it opens still slides
 * in, as antd-mobile's Popup animates a change of `visible`.
 */
export function useSlideIn(visible: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return visible && ready;
}

/** True from the first time `visible` is. */
export function useOpenedOnce(visible: boolean): boolean {
  const [opened, setOpened] = useState(false);
  if (visible && !opened) setOpened(true);
  return opened || visible;
}

function SlidingPopup(props: PopupProps) {
  return <Popup {...props} visible={useSlideIn(props.visible ?? false)} />;
}

/**
 * antd-mobile's Popup, whose code loads the first time it is opened, and mounted from then on
 * (so it can animate closed): a screen that shows a popup only after a tap does not load it with
 * its first screen (decision 028).
 */
export function LazyPopup(props: PopupProps) {
  if (!useOpenedOnce(props.visible ?? false)) return null;
  return (
    <Suspense fallback={null}>
      <SlidingPopup {...props} />
    </Suspense>
  );
}
