import type { WorkMark } from '@yingku/contract';
import { sessionKeys } from '../../session/session-end';

/**
 * Query keys of follows and marks: under the session's library prefix, so the end of a login
 * drops them and a library write marks them stale.
 */
export const followsKeys = {
  all: [...sessionKeys.library, 'follows'] as const,
  keys: () => [...followsKeys.all, 'keys'] as const,
  followed: (userId: string) => [...followsKeys.all, userId, 'followed'] as const,
  feed: (userId: string) => [...followsKeys.all, userId, 'feed'] as const,
  feedNew: () => [...followsKeys.all, 'feedNew'] as const,
  marked: (userId: string, mark: WorkMark) => [...followsKeys.all, userId, 'marked', mark] as const,
  markOf: (workId: string) => [...followsKeys.all, 'markOf', workId] as const,
  watchedIds: () => [...followsKeys.all, 'watchedIds'] as const,
};
