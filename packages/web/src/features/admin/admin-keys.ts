/** Prefix of every console query: dropped on 退出登录, so no later login sees them. */
const all = ['admin'] as const;

/**
 * Query keys of the operators' console, for queries and invalidations alike. A list's key is its
 * prefix (what a write marks stale) and then the page asked for: its filters and page number.
 */
export const adminKeys = {
  all,
  inbox: [...all, 'inbox'] as const,
  inboxPage: (query: object) => [...adminKeys.inbox, query] as const,
  thread: (id: string) => [...all, 'thread', id] as const,
  orders: [...all, 'orders'] as const,
  ordersPage: (query: object) => [...adminKeys.orders, query] as const,
  users: [...all, 'users'] as const,
  usersPage: (query: object) => [...adminKeys.users, query] as const,
  packages: [...all, 'packages'] as const,
  batches: [...all, 'batches'] as const,
  batchesPage: (pageNum: number) => [...adminKeys.batches, pageNum] as const,
  codes: [...all, 'codes'] as const,
  codesPage: (query: object) => [...adminKeys.codes, query] as const,
  works: [...all, 'works'] as const,
  worksPage: (query: object) => [...adminKeys.works, query] as const,
  imports: [...all, 'imports'] as const,
  importsPage: (pageNum: number) => [...adminKeys.imports, pageNum] as const,
  importJob: (id: string) => [...all, 'import', id] as const,
  downloads: [...all, 'downloads'] as const,
  downloadsPage: (query: object) => [...adminKeys.downloads, query] as const,
  reviews: [...all, 'reviews'] as const,
  reviewsPage: (query: object) => [...adminKeys.reviews, query] as const,
  /** Every list of videos (a work's, 视频任务): a change to one video marks them all stale. */
  media: [...all, 'media'] as const,
  workMedia: (workId: string) => [...adminKeys.media, 'work', workId] as const,
  mediaJobs: [...all, 'media', 'jobs'] as const,
  mediaJobsPage: (query: object) => [...adminKeys.mediaJobs, query] as const,
  mediaStatus: [...all, 'media-status'] as const,
  audit: [...all, 'audit'] as const,
  auditPage: (query: object) => [...adminKeys.audit, query] as const,
  /** One entry: never changes once written. */
  auditEntry: (id: string) => [...all, 'audit-entry', id] as const,
};
