// Apart from paths.ts (API), which every first screen's code carries whole: the operators'
// console's paths, which only the console (loaded at /admin), the server and the tests import.

/** Paths of the operators' console: staff or admin only (the server checks the role). */
export const STAFF_API = {
  /** Customer service. */
  inbox: '/v2/admin/messages',
  thread: '/v2/admin/messages/:id',
  reply: '/v2/admin/messages/:id/reply',
  close: '/v2/admin/messages/:id/close',
  orders: '/v2/admin/orders',
  users: '/v2/admin/users',
  user: '/v2/admin/users/:id',
  /** Send the member a password reset link (staff never see or set a member's password). */
  userResetLink: '/v2/admin/users/:id/reset-link',
  /** Turn off another account's second factor (it enrols again at its next sign-in). */
  userTwoFactorReset: '/v2/admin/users/:id/two-factor/reset',
  packages: '/v2/admin/packages',
  package: '/v2/admin/packages/:id',
  codes: '/v2/admin/codes',
  codeBatches: '/v2/admin/codes/batches',
  works: '/v2/admin/works',
  work: '/v2/admin/works/:id',
  imports: '/v2/admin/imports',
  import: '/v2/admin/imports/:id',
  downloads: '/v2/admin/downloads',
  downloadDone: '/v2/admin/downloads/:id/done',
  /** Videos of works: resumable uploads (tus), attaching, transcoding states, retry and cancel. */
  uploads: '/v2/admin/uploads',
  workMedia: '/v2/admin/works/:id/media',
  mediaList: '/v2/admin/media',
  mediaStatus: '/v2/admin/media/status',
  media: '/v2/admin/media/:id',
  mediaRetry: '/v2/admin/media/:id/retry',
  mediaCancel: '/v2/admin/media/:id/cancel',
  mediaStills: '/v2/admin/media/:id/stills',
  /** 操作日志: the audit log (admins), one entry, and its CSV. Nothing changes an entry. */
  audit: '/v2/admin/audit',
  auditExport: '/v2/admin/audit/export',
  auditEntry: '/v2/admin/audit/:id',
} as const;
