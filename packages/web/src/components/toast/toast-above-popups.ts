import type { ToastShowProps } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { showToast } from '../feedback/lazy-feedback';

/**
 * antd-mobile draws a popup's sheet at z-index 1010 and a toast's mask at 1000 (both read
 * `--z-index`), so a toast shown while a popup is open sat under the sheet. This one is above.
 */
const ABOVE_POPUPS = { '--z-index': '1020' } as CSSProperties;

/** `Toast.show` for a message about something inside an open popup (a folder picker, magnets). */
export function showToastAbovePopups(props: ToastShowProps): void {
  showToast({ ...props, maskStyle: { ...ABOVE_POPUPS, ...props.maskStyle } });
}
