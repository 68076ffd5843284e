import type { DialogAlertProps, DialogConfirmProps, ToastShowProps } from 'antd-mobile';

// antd-mobile's Toast and Dialog, fetched when first shown: with the animation library they
// run on they weigh ≈ 22 KiB gzip, and a screen that only shows them after a tap or a failure
// should not load them with its first screen (decision 028; api/error-dialogs.ts does the same
// for the API client's messages).

const loadToast = () => import('antd-mobile/es/components/toast');
const loadDialog = () => import('antd-mobile/es/components/dialog');

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
  const { default: Dialog } = await loadDialog();
  return Dialog.confirm(props);
}

/** `Dialog.alert`: resolves once closed. */
export async function alertDialog(props: DialogAlertProps): Promise<void> {
  const { default: Dialog } = await loadDialog();
  return Dialog.alert(props);
}
