import { MSG } from '@yingku/contract';
import type { ApiError } from './api-error';

/** The login prompt of a 403 (docs/product.md §8), as a confirm dialog shows it. */
export interface LoginDialog {
  title: string;
  content: string;
  confirmText: string;
}

/** What showing an error needs; client.ts gives it antd-mobile's Toast and Dialog and the router. */
export interface ErrorPresenterDeps {
  /** An error toast. */
  toast(text: string): void;
  /** Opens the dialog; resolves true when the user confirms, false when they cancel. */
  confirm(dialog: LoginDialog): Promise<boolean>;
  /** Forgets the stored tokens. */
  clearTokens(): void;
  /** Goes to the login page through the router (no page reload). */
  goToLogin(): void;
}

export const LOGIN_DIALOG: LoginDialog = {
  title: MSG.loginDialogTitle,
  content: MSG.loginDialogText,
  confirmText: MSG.loginDialogConfirm,
};

/**
 * The error catalogue of docs/product.md §8 as the user sees it:
 * - 401 (its refresh, when there is one, has already failed): the tokens are cleared and the
 *   default text shown;
 * - 403: the login dialog (one at a time, however many calls fail together); 去登陆 clears the
 *   token and goes to /login, the other button cancels;
 * - anything else (402, 500, transport, duplicate write…): an error toast with the message.
 * The failed call rejects in every case; that is the client's part.
 */
export function createErrorPresenter(deps: ErrorPresenterDeps): (error: ApiError) => void {
  let dialogOpen = false;

  async function promptLogin() {
    if (dialogOpen) return;
    dialogOpen = true;
    try {
      if (await deps.confirm(LOGIN_DIALOG)) {
        deps.clearTokens();
        deps.goToLogin();
      }
    } finally {
      dialogOpen = false;
    }
  }

  return (error) => {
    if (error.kind === 'code' && error.code === 401) {
      deps.clearTokens();
      deps.toast(MSG.default401);
    } else if (error.kind === 'code' && error.code === 403) {
      void promptLogin();
    } else {
      deps.toast(error.message);
    }
  };
}
