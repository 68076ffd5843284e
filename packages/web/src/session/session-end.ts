import type { QueryClient } from '@tanstack/react-query';

// What ends with a login, apart from the query that loads the user (current-user.ts): the app
// shell (main.tsx, the API client) needs only this, not the account calls and their schemas.

/** Query keys a login owns: the end of a login clears the user and drops the library. */
export const sessionKeys = {
  /** The logged-in user's getInfo answer; cleared on login and logout. */
  currentUser: ['session', 'userInfo'] as const,
  /**
   * Prefix of every query of the caller's library (folders, a work's folders, liked and collected
   * lists, cloud downloads): a like or collect write marks them all stale, and the end of a login
   * drops them. The features' keys under it: collect-keys.ts, member-keys.ts, detail-keys.ts.
   */
  library: ['library'] as const,
  /**
   * Prefix of every work's detail (workKeys.detail of api/works.ts): a detail carries the caller's
   * like and collect flags, which the server adds per user.
   */
  workDetails: ['works', 'detail'] as const,
};

/**
 * Forgets what this tab knows of the user whose login ended (log out, or a refused refresh):
 * the user, their library lists, and the like/collect flags inside cached work details.
 */
export function forgetCurrentUser(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionKeys.currentUser, null);
  for (const queryKey of [sessionKeys.library, sessionKeys.workDetails]) {
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
