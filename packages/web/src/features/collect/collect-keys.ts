import { sessionKeys } from '../../session/session-end';

/**
 * Query keys of the collect popups, under the session's library prefix: a collect write marks
 * the whole library stale, and the end of a login drops it.
 */
export const collectKeys = {
  /** The caller's folders as the picker pages them. */
  folders: (pageSize: number) => [...sessionKeys.library, 'folders', pageSize] as const,
  /** The ids of the caller's folders holding a work. */
  workFolders: (dataId: string) => [...sessionKeys.library, 'workFolders', dataId] as const,
};
