import { z } from 'zod';
import { LIMITS, PAGE_SIZE } from '../limits';
import { MSG } from '../messages';
import { SERVER_MSG } from '../server-messages';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope } from './common';
import { workListItem } from './catalogue';

const statusField = z.union([z.literal(0), z.literal(9), z.enum(['0', '9']).transform(Number)]);
/** A work id in a JSON body: a decimal string (a JSON number would lose digits). */
const workIdField = idString;

/** POST /v2/user/like */
export const likeBody = z.object({ ...clientFields, dataId: workIdField, status: statusField });
export type LikeBody = z.input<typeof likeBody>;
export const likeResponse = dataEnvelope(z.object({ like: z.boolean() }));

/** A work in the caller's library lists: the list item plus when it was liked or collected. */
export const libraryWork = workListItem.extend({ addTime: z.string() });
export type LibraryWork = z.infer<typeof libraryWork>;

/** GET /v2/user/like/detail/list — the caller's liked works, newest first. */
export const likeListQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.memberLike),
});
export const libraryWorksResponse = tableEnvelope(libraryWork);

/** A collect folder (docs/product.md §3). `dataId` is the work it was created for, if any. */
export const collectFolder = z.object({
  cateId: z.string(),
  cateName: z.string(),
  description: z.string(),
  /** 0 public, 1 private. */
  isPrivate: z.number().int(),
  /** 1 for the folder every user has, where a plain collect goes. */
  isDefault: z.number().int(),
  /** Works in the folder. */
  count: z.number().int(),
  dataId: z.string().nullable(),
  /**
   * A public folder's share key (docs/product.md §2): its read-only page is `/folder/{cateId}/{shareKey}`,
   * which only a holder of the link can open. Absent for a private folder.
   */
  shareKey: z.string().optional(),
});
export type CollectFolder = z.infer<typeof collectFolder>;

/**
 * GET /v2/folders/{cateId}/{shareKey}: a public folder as anyone with its link sees it, read-only
 * (docs/product.md §2): its name, description and count, and a page of its works, newest add first. A
 * private folder, an unknown one or a wrong key are all the same 404.
 */
export const sharedFolderParams = z.object({
  cateId: idString,
  shareKey: z.string().regex(/^[\w-]{1,64}$/, '分享链接无效'),
});
export const sharedFolderQuery = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.memberCollect),
});
export const sharedFolder = z.object({
  cateId: z.string(),
  cateName: z.string(),
  description: z.string(),
  count: z.number().int(),
});
export type SharedFolder = z.infer<typeof sharedFolder>;
export const sharedFolderResponse = dataEnvelope(
  z.object({ folder: sharedFolder, rows: z.array(libraryWork), total: z.number().int() }),
);
export type SharedFolderAnswer = z.infer<typeof sharedFolderResponse>;

/** GET /v2/user/collect/cate/list — the caller's folders, the default one first. */
export const folderListQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.folders),
});
export const folderListResponse = tableEnvelope(collectFolder);

/** POST /v2/user/collect/cate/ — a new folder (name required, ≤ 30; description ≤ 200). */
export const createFolderBody = z.object({
  ...clientFields,
  cateName: z
    .string(MSG.folderNameRequired)
    .trim()
    .min(1, MSG.folderNameRequired)
    .max(LIMITS.folderNameMax, SERVER_MSG.folderNameTooLong),
  description: z
    .string()
    .trim()
    .max(LIMITS.folderDescriptionMax, SERVER_MSG.folderDescriptionTooLong)
    .optional()
    .default(''),
  /** The work the folder is being made for (the detail page's picker), if any. */
  dataId: workIdField.optional(),
  isPrivate: z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)]).default(0),
});
export type CreateFolderBody = z.input<typeof createFolderBody>;
export const createFolderResponse = dataEnvelope(collectFolder);

/** GET /v2/user/collect/{dataId} — ids of the caller's folders holding the work. */
export const workFoldersParams = z.object({ dataId: workIdField });
export const workFoldersResponse = dataEnvelope(z.array(z.string()));

/**
 * POST /v2/user/collect/adds and /edit. `adds` puts the work into `cateIds` (or `cateId`, or the
 * default folder when neither is given); `edit` makes `cateIds` the work's exact folders, and an
 * empty selection or status 9 uncollects it. At most 5 folders per work (docs/product.md §9).
 */
export const collectBody = z.object({
  ...clientFields,
  dataId: workIdField,
  status: statusField.default(0),
  cateId: idString.optional(),
  cateIds: z.array(idString).max(LIMITS.foldersPerWork, SERVER_MSG.tooManyFolders).optional(),
});
export type CollectBody = z.input<typeof collectBody>;
/** The folder ids holding the work after the write; empty when it is no longer collected. */
export const collectResponse = workFoldersResponse;

/** GET /v2/user/collect/detail/list — works in one folder (`cateId`) or in any, newest first. */
export const collectListQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.memberCollect),
  cateId: idString.optional(),
});

/**
 * POST /v2/user/copy — records one magnet copy of the caller today (Asia/Shanghai) and answers
 * the count. A non-VIP past the daily cap gets `allowed: false` and the count is not raised.
 */
export const copyBody = z.object({
  ...clientFields,
  dataId: workIdField.optional(),
  /**
   * The magnet copied (40 hex digits), if known. Not counted separately; it lets two different
   * magnets of one work copied within a second travel as different bodies, so the client's
   * duplicate-write guard (docs/product.md §5) refuses only a true repeat.
   */
  infoHash: z
    .string()
    .regex(/^[0-9a-fA-F]{40}$/)
    .optional(),
});
export type CopyBody = z.input<typeof copyBody>;
export const copyQuota = z.object({
  allowed: z.boolean(),
  /** Copies recorded today, this one included when allowed. */
  count: z.number().int(),
  /** The daily cap, or null for VIP (no cap). */
  limit: z.number().int().nullable(),
});
export type CopyQuota = z.infer<typeof copyQuota>;
export const copyResponse = dataEnvelope(copyQuota);
