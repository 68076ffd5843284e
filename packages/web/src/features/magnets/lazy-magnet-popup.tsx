import { lazy, Suspense } from 'react';
import { useSlideIn } from '../../components/feedback/lazy-feedback';
import type { MagnetPopupProps } from './magnet-popup';

/**
 * The magnet popup's code (antd-mobile's Popup with its gestures and animations, the magnet
 * list and its copy rules), fetched on the first tap of a magnet badge: a list page does not
 * wait for it (decision 018).
 */
const MagnetPopup = lazy(async () => ({ default: (await import('./magnet-popup')).MagnetPopup }));

/** Mounted hidden and shown a frame later: antd-mobile's Popup slides in on a change of `visible`. */
function SlidingMagnetPopup(props: MagnetPopupProps) {
  return <MagnetPopup {...props} visible={useSlideIn(props.visible)} />;
}

/** {@link MagnetPopup}, mounted from its first opening on (so it can animate closed). */
export function LazyMagnetPopup({ opened, ...popup }: MagnetPopupProps & { opened: boolean }) {
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SlidingMagnetPopup {...popup} />
    </Suspense>
  );
}
