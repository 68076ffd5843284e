import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. bigint columns read as strings (ids never become JS numbers);
 * dates read as `YYYY-MM-DD` strings (see connection.ts).
 */
type BigId = ColumnType<string, string | bigint, string | bigint>;
type GeneratedBigId = ColumnType<string, string | bigint | undefined, never>;
type DateText = ColumnType<string, string, string>;
/** A timestamp the database fills when an insert leaves it out (a default). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp without a default: every insert gives it (schema.test.ts holds the two apart). */
type GivenTimestamp = ColumnType<Date, Date | string, Date | string>;

export interface WorksTable {
  id: BigId;
  channel: number;
  number: string;
  number_key: string;
  title: string;
  pub_date: DateText;
  duration_min: Generated<number>;
  pic_small: Generated<string>;
  pic_big: Generated<string>;
  mp4: string | null;
  image_small: Generated<string[]>;
  image_big: Generated<string[]>;
  is_online: Generated<number>;
  /** The ready video that plays (work_media); a replacement takes its place once ready. */
  media_id: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
  /** Hidden by staff: in no list, search or ranking; its detail is not found. */
  hidden: Generated<boolean>;
  has_magnet: Generated<boolean>;
  /** Combined with members' ratings (decision 044); kept on write. */
  average: Generated<number>;
  evaluates: Generated<number>;
  /** The catalogue import's own figures, which it alone writes. */
  imported_average: Generated<number>;
  imported_evaluates: Generated<number>;
  /** Visible members' ratings: how many, their stars' sum and counts per star (1–5). */
  member_ratings: Generated<number>;
  member_star_sum: Generated<number>;
  member_stars: Generated<number[]>;
  /** Visible reviews (ratings with a text). */
  review_count: Generated<number>;
  /** 热门评论's order: ln Σ e^(review time, in half-lives × ln 2); 0 with no review. */
  review_heat: Generated<number>;
  /** 高分推荐's order: the average once evaluates reach REVIEW_LIMITS.minRatingsToRank, else 0. */
  rank_average: Generated<number>;
  collect_count: Generated<number>;
  like_count: Generated<number>;
  /** lower(number || ' ' || title): trigram-indexed for 3+ character keywords. */
  search_text: string;
  /** Lower-cased character unigrams and bigrams of the title: GIN-indexed for 1–2 characters. */
  title_grams: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Makers, labels, series, directors and items (same-type) share one shape. */
export interface EntityTable {
  id: GeneratedBigId;
  channel: number;
  name: string;
  name_cn: string | null;
  work_count: Generated<number>;
  created_at: Timestamp;
}

export interface PerformersTable {
  id: GeneratedBigId;
  name: string;
  name_cn: string | null;
  censored_count: Generated<number>;
  uncensored_count: Generated<number>;
  western_count: Generated<number>;
  created_at: Timestamp;
}

export interface TagGroupsTable {
  id: GeneratedBigId;
  channel: number;
  name: string;
  sort_order: Generated<number>;
}

export interface TagsTable {
  id: GeneratedBigId;
  group_id: BigId;
  channel: number;
  name: string;
  name_cn: string | null;
  work_count: Generated<number>;
}

/**
 * A work–entity link. Channel and pub_date are copied from the work so that an entity's
 * newest works come straight off the index (DESIGN.md, "Measured at a million works").
 */
export interface WorkLinkTable {
  work_id: BigId;
  entity_id: BigId;
  channel: number;
  pub_date: DateText;
  /** The work's own flags, copied (and kept in step by triggers, migration 0007). */
  has_magnet: Generated<boolean>;
  hidden: Generated<boolean>;
}

/**
 * Visible works and how many have magnets, per counted key: kept by triggers on every write
 * (migration 0007, decision 016), so list totals never count rows.
 */
interface WorkCounts {
  works: Generated<number>;
  with_magnet: Generated<number>;
}

/** Per channel and publish day. */
export interface CatalogueDayCountsTable extends WorkCounts {
  channel: number;
  pub_date: DateText;
}

/** Per channel: the sum of its day rows, kept by their triggers (migration 0019). */
export interface CatalogueChannelCountsTable extends WorkCounts {
  channel: number;
}

/**
 * Entities of a kind (maker, label, series, director, item, performer) with visible works in a
 * channel: a sidebar's total, kept by the entity tables' triggers (migration 0019).
 */
export interface EntityKindCountsTable {
  kind: EntityKind;
  channel: number;
  entities: Generated<number>;
}

/**
 * The catalogue's version: one row, moved by triggers with every write a keyword search could
 * see (migration 0020); the search cache keys its entries by it.
 */
export interface CatalogueVersionTable {
  id: Generated<boolean>;
  version: Generated<string>;
}

/** Per entity (`kind`: maker, label, series, director, item, performer, tag) and channel. */
export interface EntityWorkCountsTable extends WorkCounts {
  kind: EntityKind;
  entity_id: BigId;
  channel: number;
}

/**
 * Per tag, channel and month of publication (`month`: its first day), kept by `work_tags`'
 * triggers (migration 0022): a tag's total within a date window.
 */
export interface TagMonthCountsTable extends WorkCounts {
  tag_id: BigId;
  channel: number;
  month: DateText;
}

/**
 * The names the search box matches (migration 0017): one row per entity and channel it has a
 * list page in, kept by the entity tables' triggers; `folded` is the lower-cased name and
 * Chinese name, a line apart.
 */
export interface EntityNamesTable {
  kind: EntityKind;
  id: BigId;
  channel: number;
  name: string;
  name_cn: string | null;
  count: number;
  folded: string;
}

/** Each entity name's characters and pairs of characters (lower-cased), with its count. */
export interface EntityNameGramsTable {
  kind: EntityKind;
  id: BigId;
  channel: number;
  gram: string;
  count: number;
}

/** Per title gram (1–2 characters, as in `works.title_grams`) and channel. */
export interface TitleGramCountsTable extends WorkCounts {
  gram: string;
  channel: number;
}

export interface MagnetsTable {
  id: GeneratedBigId;
  number: string;
  number_key: string;
  name: string;
  info_hash: string;
  length: ColumnType<string, string | number | bigint, string | number | bigint>;
  create_time: GivenTimestamp;
  hd: Generated<boolean>;
  subtitle: Generated<boolean>;
}

export interface RequestNoncesTable {
  nonce: string;
  expires_at: GivenTimestamp;
}

/** One row: servers claim nonces in the database until `until` (decision 080). */
export interface NonceFallbackTable {
  id: Generated<number>;
  until: GivenTimestamp;
}

export interface LevelsTable {
  id: number;
  group_name: string;
  group_level: number;
}

export interface UsersTable {
  id: GeneratedBigId;
  user_name: string;
  /** lower(user_name): names are unique regardless of case. */
  user_name_key: string;
  email: string;
  password_hash: string;
  /** The paid level, in force while vip_until lies ahead; otherwise the user is level 1. */
  level_id: Generated<number>;
  vip_until: Timestamp | null;
  roles: Generated<string[]>;
  avatar: Generated<string>;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  /** Set by staff: the account cannot log in and its logins stop. */
  disabled_at: Timestamp | null;
  /** When the member opened the verification link sent to `email`; null until then. */
  email_verified_at: Timestamp | null;
  /** The member's last export of their data: one a day (features/account-export). */
  last_export_at: Timestamp | null;
  /** 注销账号 asked for: done once the cooling-off period has passed, unless a login undoes it. */
  deletion_requested_at: Timestamp | null;
  /** When the account was deleted: the row stays, without personal data (decision 069). */
  deleted_at: Timestamp | null;
  /** The privacy notice's version the member agreed to at registration, and when. */
  consent_version: string | null;
  consent_at: Timestamp | null;
}

/** One login: the family of its rotated refresh tokens. */
export interface LoginSessionsTable {
  id: string;
  user_id: BigId;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
  /** When this login last called the console (CONSOLE_IDLE_MINUTES ends an idle one). */
  console_seen_at: Timestamp | null;
  /** When this login last proved a second factor (features/two-factor): its login, or a set-up. */
  second_factor_at: Timestamp | null;
  /** When this login was last re-confirmed, by password or code, for sensitive actions. */
  reauth_at: Timestamp | null;
}

/** A link sent by mail: a password reset or an e-mail verification (only its hash kept). */
export interface AccountTokensTable {
  /** SHA-256 of the token in the link, hex. */
  token_hash: string;
  user_id: BigId;
  purpose: 'reset' | 'verify';
  /** The address it went to: the link works only while the account still has it. */
  email: string;
  created_at: Timestamp;
  expires_at: GivenTimestamp;
  used_at: Timestamp | null;
}
/** A recovery code (only its hash kept), usable once. */
export interface RecoveryCodesTable {
  user_id: BigId;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

/** An account's TOTP (decision 070): the sealed secret, pending until confirmed. */
export interface TwoFactorTable {
  user_id: BigId;
  /** AES-256-GCM of the base32 secret under TWO_FACTOR_KEY (features/two-factor/secret-box.ts). */
  secret_sealed: string;
  created_at: Timestamp;
  /** Null while pending (set up, not confirmed). */
  enabled_at: Timestamp | null;
  /** RFC 6238's T of the last code accepted: no code of this step or an earlier one works. */
  last_time_step: ColumnType<string, string | bigint | undefined, string | bigint>;
}

/** A backup code of two-factor sign-in: only its keyed hash, each usable once. */
export interface TwoFactorBackupCodesTable {
  user_id: BigId;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

/** The ticket a right password earns for the login's second step (only its SHA-256 kept). */
export interface TwoFactorTicketsTable {
  ticket_hash: string;
  user_id: BigId;
  created_at: Timestamp;
  expires_at: GivenTimestamp;
  used_at: Timestamp | null;
}
export interface RefreshTokensTable {
  /** SHA-256 of the opaque token, hex: the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  expires_at: GivenTimestamp;
  used_at: Timestamp | null;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: GivenTimestamp;
}

/** Flood-limit counts per call and client address, on PostgreSQL without Redis (or while it is down). */
export interface FloodCountersTable {
  key: string;
  hits: number;
  resets_at: GivenTimestamp;
}

export interface LoginFailuresTable {
  key: string;
  failures: Generated<number>;
  window_started_at: GivenTimestamp;
  locked_until: Timestamp | null;
}

export interface LikesTable {
  user_id: BigId;
  work_id: BigId;
  created_at: Timestamp;
}

export interface CollectFoldersTable {
  id: GeneratedBigId;
  user_id: BigId;
  name: string;
  description: Generated<string>;
  is_private: Generated<boolean>;
  is_default: Generated<boolean>;
  data_id: BigId | null;
  work_count: Generated<number>;
  created_at: Timestamp;
}

export interface CollectEntriesTable {
  folder_id: BigId;
  work_id: BigId;
  user_id: BigId;
  created_at: Timestamp;
}

export interface CopyCountsTable {
  user_id: BigId;
  day: DateText;
  copies: Generated<number>;
}

export interface VipPackagesTable {
  id: GeneratedBigId;
  name: string;
  remark: Generated<string>;
  price_cents: number;
  orig_price_cents: number;
  days: number;
  level_id: Generated<number>;
  /** 0 on sale, 1 withdrawn. */
  status: Generated<number>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: BigId;
  user_id: BigId;
  package_id: BigId;
  package_name: string;
  days: number;
  level_id: number;
  amount_cents: number;
  pay_channel: 'alipay' | 'weixin';
  /** Which provider took the payment: alipay, wechat or sandbox. */
  provider: string;
  /** 0 unpaid, 1 paid, 2 closed. */
  status: Generated<number>;
  provider_trade_no: string | null;
  paid_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  id: GeneratedBigId;
  provider: string;
  event_id: string;
  order_id: BigId | null;
  outcome: string;
  payload: ColumnType<unknown, string | undefined, string>;
  received_at: Timestamp;
}

export interface ActivationCodesTable {
  code_hash: string;
  package_id: BigId;
  batch: string;
  created_at: Timestamp;
  redeemed_by: BigId | null;
  redeemed_at: Timestamp | null;
  /** The code's last 5 characters, for staff to tell codes apart. */
  code_tail: Generated<string>;
  /** Who minted it in the console (null: the CLI, or before the audit log). */
  created_by: BigId | null;
}

/** One console change (the audit log, append-only; decision 071). */
export interface StaffActionsTable {
  id: GeneratedBigId;
  created_at: Timestamp;
  actor_id: BigId;
  action: string;
  object_type: string;
  object_id: string;
  /** The changed fields before and after (JSON text on the way in). */
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  reason: string | null;
  ip: string;
  request_id: string;
}

export interface ImportJobsTable {
  id: GeneratedBigId;
  created_by: BigId | null;
  file_name: Generated<string>;
  status: Generated<'running' | 'done' | 'failed'>;
  total_lines: Generated<number>;
  lines_read: Generated<number>;
  inserted: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  failed: Generated<number>;
  errors: ColumnType<{ line: number; reason: string }[], string | undefined, string>;
  message: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  /** The backend holding the running process's worker-id lease (PostgreSQL); null on PGlite. */
  owner_pid: number | null;
}

export interface CloudDownloadsTable {
  id: GeneratedBigId;
  user_id: BigId;
  work_id: BigId;
  url: Generated<string>;
  /** 0 requested, 1 done. */
  status: Generated<number>;
  created_at: Timestamp;
  done_at: Timestamp | null;
  done_by: BigId | null;
}

/** A rung of a video as the console shows it. */
export interface MediaRungState {
  name: string;
  width: number;
  height: number;
  percent: number;
  /** Peak and mean bits per second, once made. */
  bandwidth?: number;
  averageBandwidth?: number;
}

export type WorkMediaStatus = 'queued' | 'running' | 'ready' | 'failed' | 'cancelled';

export interface WorkMediaTable {
  id: GeneratedBigId;
  work_id: BigId;
  status: Generated<WorkMediaStatus>;
  source_key: string;
  source_name: Generated<string>;
  source_bytes: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  previous_online: Generated<number>;
  rung_limit: number | null;
  rungs: ColumnType<MediaRungState[], string | undefined, string>;
  duration_seconds: number | null;
  failure: string | null;
  failure_detail: string | null;
  attempts: Generated<number>;
  owner_pid: number | null;
  created_by: BigId | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  source_removed_at: Timestamp | null;
}

export interface MediaUploadsTable {
  id: string;
  uploader: BigId;
  work_id: BigId;
  created_at: Timestamp;
  attached_at: Timestamp | null;
}

export interface PlayPositionsTable {
  user_id: BigId;
  work_id: BigId;
  position_seconds: number;
  updated_at: Timestamp;
}

export interface StreamSlotsTable {
  user_id: BigId;
  session_id: string;
  work_id: BigId;
  beat_at: Timestamp;
}

export interface RedeemFailuresTable {
  user_id: BigId;
  failures: Generated<number>;
  window_started_at: GivenTimestamp;
  locked_until: Timestamp | null;
}

export interface SupportThreadsTable {
  id: GeneratedBigId;
  user_id: BigId;
  message: string;
  /** 0 awaiting reply, 1 replied, 9 closed. */
  status: Generated<number>;
  unread: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupportEntriesTable {
  id: GeneratedBigId;
  thread_id: BigId;
  /** 0 the user, 1 customer service. */
  type: number;
  author_id: BigId | null;
  message: string;
  created_at: Timestamp;
}

/** A member's rating of a work, with an optional review text (decision 044). */
export interface WorkRatingsTable {
  id: GeneratedBigId;
  work_id: BigId;
  user_id: BigId;
  stars: number;
  review: string | null;
  /** When the review text was first written; null while there is none. */
  reviewed_at: Timestamp | null;
  /** Hidden by staff: not shown, and its stars do not count. */
  hidden: Generated<boolean>;
  helpful_count: Generated<number>;
  /** Reports staff have not acted on yet (a hide or restore clears them). */
  open_reports: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One member's 有用 mark or report of a review, once each. */
export interface ReviewVotesTable {
  review_id: BigId;
  user_id: BigId;
  created_at: Timestamp;
}

/** A member's followed performer, maker, series or director (migration 0016). */
export interface FollowsTable {
  user_id: BigId;
  kind: FollowKindColumn;
  entity_id: BigId;
  created_at: Timestamp;
}
export type FollowKindColumn = 'performer' | 'maker' | 'series' | 'director';

/** A member's 想看 (1) or 看过 (2) of a work: one per member and work. */
export interface WorkMarksTable {
  user_id: BigId;
  work_id: BigId;
  mark: number;
  marked_at: Timestamp;
}

/** Per member, counts kept on write and the feed's top at the last visit (migration 0016). */
export interface MemberTalliesTable {
  user_id: BigId;
  follows: Generated<number>;
  wants: Generated<number>;
  watched: Generated<number>;
  feed_seen_pub_date: DateText | null;
  feed_seen_work_id: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
}

export interface DB {
  staff_actions: StaffActionsTable;
  work_ratings: WorkRatingsTable;
  review_helpful: ReviewVotesTable;
  review_reports: ReviewVotesTable;
  works: WorksTable;
  makers: EntityTable;
  labels: EntityTable;
  series: EntityTable;
  directors: EntityTable;
  items: EntityTable;
  performers: PerformersTable;
  tag_groups: TagGroupsTable;
  tags: TagsTable;
  work_makers: WorkLinkTable;
  work_labels: WorkLinkTable;
  work_series: WorkLinkTable;
  work_directors: WorkLinkTable;
  work_items: WorkLinkTable;
  work_performers: WorkLinkTable;
  work_tags: WorkLinkTable;
  magnets: MagnetsTable;
  catalogue_day_counts: CatalogueDayCountsTable;
  catalogue_channel_counts: CatalogueChannelCountsTable;
  entity_kind_counts: EntityKindCountsTable;
  catalogue_version: CatalogueVersionTable;
  entity_work_counts: EntityWorkCountsTable;
  tag_month_counts: TagMonthCountsTable;
  title_gram_counts: TitleGramCountsTable;
  entity_names: EntityNamesTable;
  entity_name_grams: EntityNameGramsTable;
  request_nonces: RequestNoncesTable;
  nonce_fallback: NonceFallbackTable;
  levels: LevelsTable;
  users: UsersTable;
  login_sessions: LoginSessionsTable;
  refresh_tokens: RefreshTokensTable;
  account_tokens: AccountTokensTable;
  recovery_codes: RecoveryCodesTable;
  two_factor: TwoFactorTable;
  two_factor_backup_codes: TwoFactorBackupCodesTable;
  two_factor_tickets: TwoFactorTicketsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  flood_counters: FloodCountersTable;
  likes: LikesTable;
  follows: FollowsTable;
  work_marks: WorkMarksTable;
  member_tallies: MemberTalliesTable;
  collect_folders: CollectFoldersTable;
  collect_entries: CollectEntriesTable;
  copy_counts: CopyCountsTable;
  vip_packages: VipPackagesTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  activation_codes: ActivationCodesTable;
  import_jobs: ImportJobsTable;
  cloud_downloads: CloudDownloadsTable;
  work_media: WorkMediaTable;
  play_positions: PlayPositionsTable;
  stream_slots: StreamSlotsTable;
  media_uploads: MediaUploadsTable;
  redeem_failures: RedeemFailuresTable;
  support_threads: SupportThreadsTable;
  support_entries: SupportEntriesTable;
  schema_backfills: SchemaBackfillsTable;
}

/** A migration's backfill, filled in batches by the servers' job (db/migration-steps.ts). */
export interface SchemaBackfillsTable {
  name: string;
  migration: string;
  rows_done: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The entity kinds of the catalogue, with their table and link table. */
export const ENTITY_KINDS = {
  maker: { table: 'makers', link: 'work_makers' },
  label: { table: 'labels', link: 'work_labels' },
  series: { table: 'series', link: 'work_series' },
  director: { table: 'directors', link: 'work_directors' },
  item: { table: 'items', link: 'work_items' },
  performer: { table: 'performers', link: 'work_performers' },
  tag: { table: 'tags', link: 'work_tags' },
} as const;
/** The performers table's works count of each channel (performers belong to no one channel). */
export const PERFORMER_COUNT = {
  1: 'censored_count',
  2: 'uncensored_count',
  3: 'western_count',
} as const satisfies Record<1 | 2 | 3, string>;
export type EntityKind = keyof typeof ENTITY_KINDS;
export type LinkTableName = (typeof ENTITY_KINDS)[EntityKind]['link'];
export type PlainEntityKind = 'maker' | 'label' | 'series' | 'director' | 'item';
export type PlainEntityTableName = (typeof ENTITY_KINDS)[PlainEntityKind]['table'];
