import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { clearAuthTokens, hasStoredSession } from '../../session/auth-storage';
import { forgetCurrentUser } from '../../session/session-end';
import type { LoginPageState } from '../account/login-page';

/**
 * After a reset that took: every login of the account has ended, so a login this browser keeps
 * is forgotten too (otherwise /login would greet it as still logged in); then the server's text
 * and /login, with the user name filled in when it is known.
 */
export function useLogInAgain() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (msg: string, userName?: string) => {
    if (hasStoredSession()) {
      clearAuthTokens();
      forgetCurrentUser(queryClient);
    }
    Toast.show({ icon: 'success', content: msg });
    void navigate(PATHS.login, { replace: true, state: { userName } satisfies LoginPageState });
  };
}
