/** The operators' console for the catalogue (imports, works) and users' cloud-download requests. */
import { z } from 'zod';
import { MOD_NAMES } from '../channels';
import { LIMITS, PAGE_SIZE } from '../limits';
import { STAFF_LIMITS, STAFF_PAGE_SIZE } from '../staff-limits';
import { SERVER_MSG } from '../server-messages';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope, textParam } from './common';

// ——— Works ———

/**
 * GET /v2/admin/works — every work, hidden ones too, newest added first. `keyword`: a work
 * number in any spelling (`abc123`, `ABC-123`), a letter prefix of numbers (`abc`), or a work
 * id; empty lists all.
 */
export const staffWorksQuery = z.object({
  ...clientFields,
  keyword: textParam(STAFF_LIMITS.staffKeywordMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffWorks),
});
export type StaffWorksQuery = z.input<typeof staffWorksQuery>;

/** A work as the console shows it. */
export const staffWorkRow = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  /** The channel: censored, uncensored or western. */
  modName: z.enum(MOD_NAMES),
  pubTime: z.string(),
  /** 1: watchable online (VIPs), 0: not. */
  isOnline: z.number().int(),
  /** A hidden work is in no list, search or ranking, and its detail is not found. */
  hidden: z.boolean(),
  picSmall: z.string(),
});
export type StaffWorkRow = z.infer<typeof staffWorkRow>;
export const staffWorksResponse = tableEnvelope(staffWorkRow);
export const staffWorkResponse = dataEnvelope(staffWorkRow);

/** /v2/admin/works/{id} */
export const staffWorkParams = z.object({ id: idString });

/** POST /v2/admin/works/{id} — any of: online viewing on or off, hide or show; answers the row. */
export const staffWorkUpdateBody = z
  .object({
    ...clientFields,
    isOnline: z.union([z.literal(0), z.literal(1)], SERVER_MSG.isOnlineInvalid).optional(),
    hidden: z.boolean(SERVER_MSG.hiddenInvalid).optional(),
  })
  .refine((body) => body.isOnline !== undefined || body.hidden !== undefined, SERVER_MSG.nothingToChange);
export type StaffWorkUpdateBody = z.input<typeof staffWorkUpdateBody>;

// ——— Catalogue imports ———

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** A line of an import that was not loaded, and why. */
export const importJobError = z.object({ line: z.number().int(), reason: z.string() });
export type ImportJobError = z.infer<typeof importJobError>;

/** A catalogue import started from the console; it runs in the background (poll it). */
export const importJob = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** Non-empty lines of the file. */
  totalLines: z.number().int(),
  linesRead: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** The first {@link STAFF_LIMITS.importErrorsKept} failures, in line order. */
  errors: z.array(importJobError),
  /** Why a failed job stopped; empty otherwise. */
  message: z.string(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;
export const importJobResponse = dataEnvelope(importJob);
export const importJobsResponse = tableEnvelope(importJob);

/** The UTF-8 size of a text, counted without encoding it (a 20 MB text is not copied). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    // 2 bytes below U+0800, 3 above, 4 for a surrogate pair (2 units): added beyond 1 per unit.
    if (unit >= 0x80) bytes += unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** POST /v2/admin/imports — a JSON Lines file's text (one work a line, as the CLI imports). */
export const startImportBody = z.object({
  ...clientFields,
  fileName: z
    .string(SERVER_MSG.importFileNameInvalid)
    .trim()
    .max(STAFF_LIMITS.importFileNameMax, SERVER_MSG.importFileNameInvalid)
    .default(''),
  /** At most {@link STAFF_LIMITS.importMaxBytes} bytes as UTF-8 (the file's size, not its characters). */
  content: z
    .string(SERVER_MSG.importEmpty)
    .max(STAFF_LIMITS.importMaxBytes, SERVER_MSG.importTooLarge)
    .refine((v) => utf8Length(v) <= STAFF_LIMITS.importMaxBytes, SERVER_MSG.importTooLarge)
    .refine((v) => v.trim().length > 0, SERVER_MSG.importEmpty),
});
export type StartImportBody = z.input<typeof startImportBody>;

/** GET /v2/admin/imports — recent import jobs, newest first. */
export const importJobsQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffImports),
});
export type ImportJobsQuery = z.input<typeof importJobsQuery>;

/** /v2/admin/imports/{id} */
export const importJobParams = z.object({ id: idString });

// ——— Cloud downloads (docs/product.md §7) ———

/**
 * POST /web/cloud/file/download — a VIP asks for a title to be fetched to the site's storage.
 * Asking again for the same work answers the same request.
 */
export const cloudDownloadBody = z.object({
  ...clientFields,
  /** A work id (any channel). */
  censoredId: idString,
  /** Optional: where the user found it (a magnet or a page). */
  url: z
    .string(SERVER_MSG.cloudUrlTooLong)
    .trim()
    .max(LIMITS.cloudUrlMax, SERVER_MSG.cloudUrlTooLong)
    .optional(),
});
export type CloudDownloadBody = z.input<typeof cloudDownloadBody>;

/** A cloud-download request as its user sees it. */
export const cloudDownloadRow = z.object({
  id: z.string(),
  workId: z.string(),
  /** The work's channel (1 censored, 2 uncensored, 3 western): its route. */
  modId: z.number().int(),
  number: z.string(),
  title: z.string(),
  /** 0 requested, 1 done. */
  status: z.number().int(),
  createTime: z.string(),
  doneTime: z.string().nullable(),
});
export type CloudDownloadRow = z.infer<typeof cloudDownloadRow>;
export const cloudDownloadResponse = dataEnvelope(cloudDownloadRow);

/** GET /web/cloud/file/list — the caller's requests, newest first; `censoredId` narrows to one work. */
export const cloudDownloadListQuery = z.object({
  ...clientFields,
  censoredId: idString.optional(),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.cloudDownloads),
});
export type CloudDownloadListQuery = z.input<typeof cloudDownloadListQuery>;
export const cloudDownloadListResponse = tableEnvelope(cloudDownloadRow);

/** GET /v2/admin/downloads — every user's requests: requested first, oldest first. */
export const staffDownloadsQuery = z.object({
  ...clientFields,
  status: z.enum(['0', '1']).transform(Number).optional(),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffDownloads),
});
export type StaffDownloadsQuery = z.input<typeof staffDownloadsQuery>;

/** A request as the console shows it: whose, the link given, and who marked it done. */
export const staffDownloadRow = cloudDownloadRow.extend({
  userId: z.string(),
  userName: z.string(),
  url: z.string(),
  /** The staff member who marked it done (null while requested). */
  doneBy: z.string().nullable(),
});
export type StaffDownloadRow = z.infer<typeof staffDownloadRow>;
export const staffDownloadsResponse = tableEnvelope(staffDownloadRow);
export const staffDownloadResponse = dataEnvelope(staffDownloadRow);

/** POST /v2/admin/downloads/{id}/done — marks a request done (again: no change). */
export const staffDownloadParams = z.object({ id: idString });
