import { sessionKeys } from '../../session/session-end';

/**
 * Query keys of the work detail's own calls. The detail itself is api/work-keys.ts's (the end of
 * a login reaches it there); what is the caller's sits under the session's library prefix.
 */
export const detailKeys = {
  /** The caller's cloud-download request for one work. */
  cloud: (workId: string) => [...sessionKeys.library, 'cloud', workId] as const,
};
