import type { DialogAlertProps, DialogConfirmProps, ToastShowProps } from 'antd-mobile';
import { useEffect, useState } from 'react';

// antd-mobile's Toast and Dialog, fetched when first shown: with the animation library they
// run on they weigh ≈ 22 KiB gzip, and a screen that only shows them after a tap or a failure
// should not load them with its first screen (decision 028; api/error-dialogs.ts does the same
// for the API client's messages).

const loadToast = () => import('antd-mobile/es/components/toast');
const loadDialog = () => import('./named-dialog');

/** `Toast.show`, once its code has arrived. */
export function showToast(props: ToastShowProps | string): void {
  void loadToast().then(({ default: Toast }) => Toast.show(props));
}

/** `Toast.clear`: closes the toast shown, if any (nothing to close before the code has loaded). */
export function clearToasts(): void {
  void loadToast().then(({ default: Toast }) => Toast.clear());
}

/** `Dialog.confirm`: resolves true when the user confirms. */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const { confirmNamed } = await loadDialog();
  return confirmNamed(props);
}

/** `Dialog.alert`: resolves once closed. */
export async function alertDialog(props: DialogAlertProps): Promise<void> {
  const { alertNamed } = await loadDialog();
  return alertNamed(props);
}

// The two hooks every lazily loaded popup mounts with (LazyPopup, the collect and magnet popups):
// here, in the first page's chunk with the lazy toasts, since the cards' magnet popup needs them
// there, while LazyPopup and its lazy Popup import are not.

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
