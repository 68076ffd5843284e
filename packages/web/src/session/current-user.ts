import type { UserInfoResponse } from '@yingku/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '../api/account';
import { hasStoredSession } from './auth-storage';

/** Query key of the logged-in user's getInfo answer; cleared on login and logout. */
export const CURRENT_USER_KEY = ['session', 'userInfo'] as const;

/**
 * Prefix of every query of the caller's library (folders, a work's folders, liked and collected
 * lists): a like or collect write marks them all stale, and the end of a login drops them.
 */
export const LIBRARY_KEY = ['library'] as const;

/** Work details carry the caller's like/collect flags (the server adds them per user). */
const WORK_DETAIL_KEY = ['works', 'detail'] as const;

/** The logged-in user (SPEC §3: user, level, roles, permissions, avatar). */
export type CurrentUser = Omit<UserInfoResponse, 'code' | 'msg'>;

/**
 * Asks the server who is logged in (null without stored tokens).
 * `silent`: a failure shows nothing (the caller decides).
 */
export async function loadCurrentUser(signal?: AbortSignal, silent = false): Promise<CurrentUser | null> {
  if (!hasStoredSession()) return null;
  const { user, level, roles, permissions } = await accountApi.userInfo(signal, silent);
  return { user, level, roles, permissions };
}

export const currentUserOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
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

/**
 * Forgets what this tab knows of the user whose login ended (log out, or a refused refresh):
 * the user, their library lists, and the like/collect flags inside cached work details.
 */
export function forgetCurrentUser(queryClient: QueryClient): void {
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  for (const queryKey of [LIBRARY_KEY, WORK_DETAIL_KEY]) {
    // Only what no screen shows is dropped: removing a query a screen is fetching (the call
    // that met the refused refresh is being sent again without a token) would leave that
    // screen waiting forever. What is shown is marked stale and asked again when next opened.
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    queryClient.removeQueries({ queryKey, type: 'inactive' });
  }
}

const sessionEnded = new EventTarget();

/** Tells the app a login has ended outside any screen (the API client's refused refresh). */
export function announceSessionEnded(): void {
  sessionEnded.dispatchEvent(new Event('ended'));
}

/** Runs `listener` whenever {@link announceSessionEnded} is called; returns the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEnded.addEventListener('ended', listener);
  return () => sessionEnded.removeEventListener('ended', listener);
}
