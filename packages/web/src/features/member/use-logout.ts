import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { accountApi } from '../../api/account';
import { PATHS } from '../../app/paths';
import { clearAuthTokens } from '../../session/auth-storage';
import { forgetCurrentUser } from '../../session/session-end';
import { MEMBER_TEXT } from './texts';
import { withDialogName } from '../../components/feedback/dialog-name';

/**
 * Ends the session here: tells the server (which ends the login's refresh tokens), then forgets
 * the tokens, the user and their cached lists whatever the server said.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  try {
    await accountApi.logout();
  } catch {
    // An expired or already-ended login, or no network: logging out here must still work.
  }
  clearAuthTokens();
  forgetCurrentUser(queryClient);
}

/** 退出登录 (docs/product.md §2): asks first, then ends the session and goes to /index. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void Dialog.confirm(
      withDialogName({
        content: MEMBER_TEXT.logoutConfirm,
        confirmText: MEMBER_TEXT.logoutConfirmButton,
        cancelText: MEMBER_TEXT.cancel,
        // An async confirm keeps the dialog open with a spinner until the session has ended.
        onConfirm: async () => {
          await endSession(queryClient);
          Toast.show({ content: MEMBER_TEXT.loggedOut });
          void navigate(PATHS.home, { replace: true });
        },
      }),
    );
  }, [navigate, queryClient]);
}
