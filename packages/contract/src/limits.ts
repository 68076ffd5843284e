/** Page sizes and limits of docs/product.md §9, in one place for server, web and tests. */
export const PAGE_SIZE = {
  latest: 32,
  search: 24,
  categories: 24,
  ranking: 12,
  workList: 12,
  sidebar: 32,
  magnets: 48,
  folders: 42,
  categoryList: 50,
  memberCollect: 24,
  memberLike: 10,
  history: 10,
  orders: 20,
  /** Customer-service threads per page (docs/product.md §9 gives none). */
  messages: 10,
  /** A user's own cloud-download requests per page. */
  cloudDownloads: 20,
} as const;

export const LIMITS = {
  /** Deepest nesting of arrays and objects a JSON body may have (the API's own go 3 deep). */
  maxJsonDepth: 32,
  /** Largest page a list call answers. */
  maxPageSize: 100,
  /** Deepest page a list call answers (keeps OFFSET bounded). */
  maxPageNum: 5000,
  keywordMin: 1,
  keywordMax: 32,
  /** Most entities of one kind a search answers (the best matches: exact names, then most works). */
  entityMatchesPerKind: 6,
  /** Works the search box suggests while a keyword is typed (numbers first, then titles). */
  suggestedWorks: 5,
  /** Performers, makers and series (each) the search box suggests. */
  suggestedEntitiesPerKind: 2,
  /** A work number as imported; the magnet lookup takes one whole (western numbers run long). */
  workNumberMax: 64,
  /** Tags combined in one works-list filter (AND). */
  maxTagsPerFilter: 8,
  folderNameMax: 30,
  folderDescriptionMax: 200,
  foldersPerWork: 5,
  /** Folders one user may create (an abuse guard; docs/product.md §9 sets none). */
  foldersPerUser: 100,
  messageMax: 150,
  userNameMin: 6,
  userNameMax: 32,
  passwordMin: 8,
  passwordMax: 32,
  emailMin: 8,
  emailMax: 120,
  captchaMin: 4,
  activationCodeMin: 8,
  /** Work detail ids have at least this many digits (docs/product.md §5). */
  detailIdMinLength: 16,
  historyEntries: 50,
  anonymousCopiesPerDay: 3,
  memberCopiesPerDay: 100,
  requestTimeoutMs: 10_000,
  captchaTimeoutMs: 20_000,
  duplicateWriteWindowMs: 1_000,
  addedMessageMs: 5_000,
  rememberMeDays: 30,
  /** Lifetime of an access token (a JWT); the refresh token renews it. */
  accessTokenMinutes: 15,
  /** Lifetime of a refresh token; each use rotates it. */
  refreshTokenDays: 30,
  captchaMinutes: 2,
  /** Accepted clock skew of a signed request, and how long its nonce is remembered. */
  signatureWindowMs: 300_000,
  nonceMinLength: 16,
  nonceMaxLength: 64,
  /** The link a user may give with a cloud-download request. */
  cloudUrlMax: 2000,
} as const;

/** Date windows of the works list, in days back from today; 999 means all time (docs/product.md §9). */
export const DATE_WINDOWS = [30, 90, 365, 999] as const;
export type DateWindow = (typeof DATE_WINDOWS)[number];
export const ALL_TIME: DateWindow = 999;
export const RANKING_DATE_WINDOWS = {
  censored: [30, 90, 365, 999],
  uncensored: [90, 365, 999],
  western: [90, 365, 999],
} as const;

export const WORK_SORTS = ['pubTime', 'collect', 'average', 'evaluates'] as const;
export type WorkSort = (typeof WORK_SORTS)[number];

/** Defaults of the latest list (docs/product.md §9). */
export const LATEST_DEFAULTS = { date: 30, sort: 'pubTime' } as const satisfies {
  date: DateWindow;
  sort: WorkSort;
};

export const PLAYBACK_RATES = [0.7, 1, 1.5, 2] as const;
export const DEFAULT_VOLUME = 0.6;
