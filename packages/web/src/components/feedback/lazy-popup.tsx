import type { PopupProps } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useOpenedOnce, useSlideIn } from './lazy-feedback';

/** antd-mobile's Popup (its gestures and animations: ≈ 30 KiB gzip), fetched when first opened. */
const Popup = lazy(() => import('antd-mobile/es/components/popup'));

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
