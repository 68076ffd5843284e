import { Dialog, Toast } from 'antd-mobile';
import type { LoginDialog } from './error-presenter';

// antd-mobile's Toast and Dialog, in a module of their own: with their animation library they
// weigh more than the rest of the first page's widgets, and a first page that works needs
// neither. client.ts loads this when the first failure is shown (decision 018).

/** An error toast. */
export function showErrorToast(content: string): void {
  Toast.show({ icon: 'fail', content });
}

/** The login dialog of a 403; resolves true when the user confirms. */
export function confirmLogin({ title, content, confirmText }: LoginDialog): Promise<boolean> {
  // Named by its title for assistive technology: antd-mobile's dialog has no name of its own.
  return Dialog.confirm({ title, content, confirmText, 'aria-label': title });
}
