import { GUEST_LEVEL, type UserInfoResponse } from '@yingku/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '../api/account';
import { hasStoredSession } from './auth-storage';
import { LEVEL_ID_KEY, USER_ID_KEY } from './copy-quota';

/** Query key of the logged-in user's getInfo answer; cleared on login and logout. */
export const CURRENT_USER_KEY = ['session', 'userInfo'] as const;

/** The logged-in user (SPEC §3: user, level, roles, permissions, avatar). */
export type CurrentUser = Omit<UserInfoResponse, 'code' | 'msg'>;

export const currentUserOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      if (!hasStoredSession()) return null;
      const { user, level, roles, permissions } = await accountApi.userInfo(signal);
      rememberCopier(user.userId, level.levelId);
      return { user, level, roles, permissions };
    },
    staleTime: 60_000,
  });

/**
 * The logged-in user, or null for a visitor (whose card shows the guest level,
 * {@link GUEST_LEVEL}). Asks the server only when this browser holds tokens.
 */
export function useCurrentUser() {
  return useQuery(currentUserOptions());
}

/** Keeps the user id and level where the copy quota reads them (session/copy-quota.ts). */
export function rememberCopier(userId: string | null, levelId: number): void {
  try {
    if (userId) {
      localStorage.setItem(USER_ID_KEY, userId);
      localStorage.setItem(LEVEL_ID_KEY, String(levelId));
    } else {
      localStorage.removeItem(USER_ID_KEY);
      localStorage.removeItem(LEVEL_ID_KEY);
    }
  } catch {
    // Storage refused: the quota treats the visitor as anonymous.
  }
}

/** Forgets the signed-in user in this tab's caches (after logout or a failed refresh). */
export function forgetCurrentUser(queryClient: QueryClient): void {
  rememberCopier(null, GUEST_LEVEL.levelId);
  queryClient.setQueryData(CURRENT_USER_KEY, null);
}
