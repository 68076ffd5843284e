import { sessionKeys } from '../../session/session-end';

const ofUser = (userId: string) => [...sessionKeys.library, userId] as const;

/**
 * Query keys of the member center's lists: under the session's library prefix (a like or collect
 * elsewhere marks them stale, the end of a login drops them), then the user id, so one user's
 * lists never show for another.
 */
export const memberKeys = {
  /** The user's folders for the category buttons. */
  folders: (userId: string) => [...ofUser(userId), 'folders'] as const,
  /** Collected works, in one folder or all. */
  collected: (userId: string, cateId: string | undefined) =>
    [...ofUser(userId), 'collected', cateId ?? 'all'] as const,
  liked: (userId: string) => [...ofUser(userId), 'liked'] as const,
  cloudDownloads: (userId: string) => [...ofUser(userId), 'cloudDownloads'] as const,
  /** A public folder's shared page: the same for everyone, so outside any session. */
  sharedFolder: (cateId: string, shareKey: string) => ['sharedFolder', cateId, shareKey] as const,
};
