import type { ModName } from '@yingku/contract';

/** Query keys of the channel screens (their works lists are api/work-keys.ts's). */
export const channelKeys = {
  /** A channel's tag groups. */
  tagGroups: (modName: ModName) => ['tags', 'channel', modName] as const,
  /** The entities a search keyword names, in every channel or one. */
  entityMatches: (keyword: string, modName: ModName | undefined) =>
    ['search', 'entities', keyword, modName ?? 'all'] as const,
};
