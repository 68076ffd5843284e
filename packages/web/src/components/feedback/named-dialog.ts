import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile';
import Dialog from 'antd-mobile/es/components/dialog';
import { withDialogName } from './dialog-name';

// antd-mobile's Dialog with an accessible name, in the chunk lazy-feedback.ts fetches when a
// dialog is first shown (the first screen carries neither).

/** `Dialog.confirm`, named: resolves true when the user confirms. */
export const confirmNamed = (props: DialogConfirmProps): Promise<boolean> =>
  Dialog.confirm(withDialogName(props));

/** `Dialog.alert`, named: resolves once closed. */
export const alertNamed = (props: DialogAlertProps): Promise<void> => Dialog.alert(withDialogName(props));
