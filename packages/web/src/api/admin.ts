import {
  fillPath,
  type GenerateCodesBody,
  generatedCodesResponse,
  importJobResponse,
  type ImportJobsQuery,
  importJobsResponse,
  okEnvelope,
  REVIEW_LIMITS,
  REVIEWS_API,
  STAFF_PAGE_SIZE,
  type StaffCodeBatchesQuery,
  staffCodeBatchesResponse,
  type StaffCodesQuery,
  staffCodesResponse,
  staffConversationResponse,
  staffDownloadResponse,
  type StaffDownloadsQuery,
  staffDownloadsResponse,
  type StaffInboxQuery,
  staffInboxResponse,
  type StaffOrdersQuery,
  staffOrdersResponse,
  type StaffPackageBody,
  staffPackageResponse,
  staffPackagesResponse,
  type StaffPackageUpdateBody,
  type StaffReviewsQuery,
  staffReviewsResponse,
  staffReviewStateResponse,
  staffThreadResponse,
  staffUserResponse,
  type StaffUsersQuery,
  staffUsersResponse,
  type StaffUserUpdateBody,
  staffWorkResponse,
  type StaffWorksQuery,
  staffWorksResponse,
  type StaffWorkUpdateBody,
  type StartImportBody,
  STAFF_API,
} from '@yingku/contract';
// The console's calls may be refused until the user re-confirms or sets up 两步验证 (decision 070).
import { reconfirmingApi as api } from './reconfirming-client';

/** Fields the API client adds to every call itself (docs/product.md §7): callers leave them out. */
type ClientField = 'appId' | 'isDht';

/**
 * A console list's query as the console sends it: the contract's input shape without the client
 * fields, every field optional (the server has defaults), and the page numbers — `unknown` in
 * the input of zod's `coerce` — as numbers.
 */
export type ListQuery<Q> = {
  [K in Exclude<keyof Q, ClientField>]?: unknown extends Q[K] ? number : Q[K];
};

/** A console write's body without the client fields. */
export type WriteBody<B> = Omit<B, ClientField>;

/**
 * The operators' console calls (/v2/admin/…, staff or admin only). The console asks for none of
 * them before it knows the caller is staff: a refused one would open the login dialog.
 */
export const adminApi = {
  // ——— Customer service ———
  /** The inbox: without `status`, threads awaiting a reply first. */
  inbox: (query: ListQuery<StaffInboxQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.inbox,
      { pageSize: STAFF_PAGE_SIZE.staffInbox, ...query },
      { schema: staffInboxResponse, signal },
    ),
  /** One thread and its conversation, oldest first (reading it here leaves the user's unread). */
  thread: (id: string, signal?: AbortSignal) =>
    api.get(fillPath(STAFF_API.thread, { id }), {}, { schema: staffConversationResponse, signal }),
  reply: (id: string, message: string) =>
    api.post(fillPath(STAFF_API.reply, { id }), { message }, { schema: staffThreadResponse }),
  close: (id: string) => api.post(fillPath(STAFF_API.close, { id }), {}, { schema: staffThreadResponse }),

  // ——— Orders and users ———
  orders: (query: ListQuery<StaffOrdersQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.orders,
      { pageSize: STAFF_PAGE_SIZE.staffOrders, ...query },
      { schema: staffOrdersResponse, signal },
    ),
  users: (query: ListQuery<StaffUsersQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.users,
      { pageSize: STAFF_PAGE_SIZE.staffUsers, ...query },
      { schema: staffUsersResponse, signal },
    ),
  updateUser: (id: string, body: WriteBody<StaffUserUpdateBody>) =>
    api.post(fillPath(STAFF_API.user, { id }), { ...body }, { schema: staffUserResponse }),
  /** Mails the member a reset link (to a verified safe e-mail only): staff never set a password. */
  sendResetLink: (id: string) =>
    api.post(fillPath(STAFF_API.userResetLink, { id }), {}, { schema: okEnvelope }),
  /** Turns another account's 两步验证 off (it sets one up again at its next sign-in), with why. */
  resetTwoFactor: (id: string, reason: string) =>
    api.post(fillPath(STAFF_API.userTwoFactorReset, { id }), { reason }, { schema: okEnvelope }),

  // ——— VIP packages ———
  packages: (signal?: AbortSignal) =>
    api.get(STAFF_API.packages, {}, { schema: staffPackagesResponse, signal }),
  createPackage: (body: WriteBody<StaffPackageBody>) =>
    api.post(STAFF_API.packages, { ...body }, { schema: staffPackageResponse }),
  updatePackage: (id: string, body: WriteBody<StaffPackageUpdateBody>) =>
    api.post(fillPath(STAFF_API.package, { id }), { ...body }, { schema: staffPackageResponse }),

  // ——— Activation codes ———
  /** A new batch; the answer holds the codes, shown this once. */
  generateCodes: (body: WriteBody<GenerateCodesBody>) =>
    api.post(STAFF_API.codes, { ...body }, { schema: generatedCodesResponse }),
  batches: (query: ListQuery<StaffCodeBatchesQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.codeBatches,
      { pageSize: STAFF_PAGE_SIZE.staffCodeBatches, ...query },
      { schema: staffCodeBatchesResponse, signal },
    ),
  codes: (query: ListQuery<StaffCodesQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.codes,
      { pageSize: STAFF_PAGE_SIZE.staffCodes, ...query },
      { schema: staffCodesResponse, signal },
    ),

  // ——— Catalogue ———
  /** Works, hidden ones too; `keyword` is a number in any spelling or a work id. */
  works: (query: ListQuery<StaffWorksQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.works,
      { pageSize: STAFF_PAGE_SIZE.staffWorks, ...query },
      { schema: staffWorksResponse, signal },
    ),
  /** Online viewing on or off, hide or show; answers the row as it now is. */
  updateWork: (id: string, body: WriteBody<StaffWorkUpdateBody>) =>
    api.post(fillPath(STAFF_API.work, { id }), { ...body }, { schema: staffWorkResponse }),
  /** Starts an import of a JSON Lines file's text; it runs in the background (poll {@link adminApi.importJob}). */
  startImport: (body: WriteBody<StartImportBody>) =>
    api.post(STAFF_API.imports, { ...body }, { schema: importJobResponse }),
  imports: (query: ListQuery<ImportJobsQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.imports,
      { pageSize: STAFF_PAGE_SIZE.staffImports, ...query },
      { schema: importJobsResponse, signal },
    ),
  importJob: (id: string, signal?: AbortSignal) =>
    api.get(fillPath(STAFF_API.import, { id }), {}, { schema: importJobResponse, signal }),

  // ——— Cloud downloads ———
  /** Every user's requests: those still to fetch first, oldest first. */
  downloads: (query: ListQuery<StaffDownloadsQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.downloads,
      { pageSize: STAFF_PAGE_SIZE.staffDownloads, ...query },
      { schema: staffDownloadsResponse, signal },
    ),
  markDownloadDone: (id: string) =>
    api.post(fillPath(STAFF_API.downloadDone, { id }), {}, { schema: staffDownloadResponse }),

  // ——— Members' reviews (decision 044) ———
  /** Reviews with open reports first, then the newest; hidden ones included. */
  reviews: (query: ListQuery<StaffReviewsQuery>, signal?: AbortSignal) =>
    api.get(
      REVIEWS_API.staffReviews,
      { pageSize: REVIEW_LIMITS.staffPageSize, ...query },
      { schema: staffReviewsResponse, signal },
    ),
  /** Hides (its stars stop counting) or restores a review. */
  setReviewHidden: (reviewId: string, hidden: boolean) =>
    api.post(
      fillPath(hidden ? REVIEWS_API.staffReviewHide : REVIEWS_API.staffReviewRestore, { reviewId }),
      {},
      { schema: staffReviewStateResponse },
    ),
};
