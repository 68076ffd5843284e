import type { UserInfoResponse } from '@yingku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasStoredSession } from './auth-storage';
import { sessionKeys } from './session-end';

/** The logged-in user (docs/product.md §3: user, level, roles, permissions, avatar). */
export type CurrentUser = Omit<UserInfoResponse, 'code' | 'msg'>;

/**
 * Asks the server who is logged in (null without stored tokens).
 * `silent`: a failure shows nothing (the caller decides).
 */
export async function loadCurrentUser(signal?: AbortSignal, silent = false): Promise<CurrentUser | null> {
  if (!hasStoredSession()) return null;
  // Loaded with the first call (with zod, which checks the answer): a visitor never needs it.
  const { accountApi } = await import('../api/account');
  const { user, level, roles, permissions } = await accountApi.userInfo(signal, silent);
  return { user, level, roles, permissions };
}

export const currentUserOptions = () =>
  queryOptions({
    queryKey: sessionKeys.currentUser,
    queryFn: ({ signal }) => loadCurrentUser(signal),
    staleTime: 60_000,
  });

/**
 * The logged-in user, or null for a visitor (whose card shows the guest level,
 * GUEST_LEVEL of the contract). Asks the server only when this browser holds tokens.
 */
export function useCurrentUser() {
  return useQuery(currentUserOptions());
}
