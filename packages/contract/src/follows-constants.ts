// Apart from paths.ts and limits.ts (API, PAGE_SIZE, LIMITS), which every first screen's code
// carries whole: a module only the member's controls, loaded later, and the server import.

/**
 * Paths of a member's follows, the feed and 想看/看过 marks (decision 045).
 */
export const FOLLOWS_API = {
  follow: '/v2/user/follow',
  followList: '/v2/user/follow/list',
  followKeys: '/v2/user/follow/keys',
  feed: '/v2/user/feed',
  feedNew: '/v2/user/feed/new',
  feedSeen: '/v2/user/feed/seen',
  mark: '/v2/user/mark',
  markList: '/v2/user/mark/list',
  markOf: '/v2/user/mark/work/:dataId',
  watchedIds: '/v2/user/mark/watched-ids',
} as const;

/**
 * Page sizes and limits of follows, the feed and 想看/看过 marks (decision 045).
 */
export const FOLLOW_LIMITS = {
  /** The member center's 关注 tab: followed entities, the feed of their works, 想看 and 看过. */
  memberFollows: 20,
  memberFeed: 10,
  memberMarks: 10,
  /** Performers, makers, series and directors one member may follow (decision 045). */
  followsPerMember: 500,
  /** How far back the feed pages: its newest works, no deeper (each page merges per-entity reads). */
  feedDepth: 500,
  /** The 我的 badge counts new feed works up to this many; more show as 99+. */
  feedNewMax: 100,
  /** Newest 看过 ids a member's browser fetches to hide watched works from lists (decision 045). */
  watchedIdsMax: 1000,
} as const;

/** The entity kinds a member may follow (decision 045): those with a page per entity. */
export const FOLLOW_KINDS = ['performer', 'maker', 'series', 'director'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** A member's mark on a work: 想看 or 看过, at most one (none clears it). */
export const WORK_MARKS = ['want', 'watched'] as const;
export type WorkMark = (typeof WORK_MARKS)[number];
