// Apart from limits.ts (PAGE_SIZE, LIMITS), which every first screen's code carries whole: the
// operators' console, loaded later, and the server read these.

/** Page sizes of the operators' console. */
export const STAFF_PAGE_SIZE = {
  /** Threads per page of the staff inbox. */
  staffInbox: 20,
  /** The operators' console: orders, users, code batches and codes per page. */
  staffOrders: 20,
  staffUsers: 20,
  staffCodeBatches: 20,
  staffCodes: 50,
  /** The console's works, import jobs and cloud-download requests per page. */
  staffWorks: 20,
  staffImports: 10,
  staffDownloads: 20,
} as const;

/** Limits of the operators' console's inputs. */
export const STAFF_LIMITS = {
  /** The operators' console: search text, package fields and code batches. */
  staffKeywordMax: 64,
  packageNameMax: 20,
  packageRemarkMax: 100,
  packageDaysMax: 3650,
  /** Codes one console request may generate (the CLI allows more). */
  codesPerBatch: 1000,
  batchNameMax: 64,
  /** Catalogue imports from the console: the file's name, its size, the failures kept to show. */
  importFileNameMax: 120,
  importMaxBytes: 20 * 1024 * 1024,
  importErrorsKept: 200,
} as const;
