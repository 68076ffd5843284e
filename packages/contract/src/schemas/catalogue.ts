import { z } from 'zod';
import { DATE_WINDOWS, LIMITS, PAGE_SIZE, WORK_SORTS } from '../limits';
import { ENTITY_MATCH_KINDS } from '../channels';
import { isInt64Id } from '../ids';
import { MSG } from '../messages';
import {
  dataEnvelope,
  entityRef,
  idString,
  isDhtParam,
  modIdParam,
  modNameParam,
  pageNumParam,
  pageSizeParam,
  tableEnvelope,
  textParam,
} from './common';

/** Search keyword: 1–32 characters, else the warning text of docs/product.md §5. */
export const keywordParam = z
  .string()
  .trim()
  .min(LIMITS.keywordMin, MSG.keywordWarning)
  .max(LIMITS.keywordMax, MSG.keywordWarning);

const dateParam = z
  .enum(DATE_WINDOWS.map(String) as ['30', '90', '365', '999'])
  .transform((v) => Number(v) as (typeof DATE_WINDOWS)[number]);

const tagIdsParam = z
  .string()
  .regex(/^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/, '标签编号必须是以逗号分隔的正整数')
  .transform((v) => [...new Set(v.split(','))])
  .refine((ids) => ids.length <= LIMITS.maxTagsPerFilter, `最多同时选择${LIMITS.maxTagsPerFilter}个标签`)
  .refine((ids) => ids.every(isInt64Id), '标签编号超出范围');

/** GET /v2/works/detail/list */
export const worksListQuery = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.latest),
  modName: modNameParam.optional(),
  sort: z.enum(WORK_SORTS).default('pubTime'),
  /** Days back from today; 999 = all time. Absent: 30 for a plain latest list, else all time. */
  date: dateParam.optional(),
  keyword: keywordParam.optional(),
  tagsId: tagIdsParam.optional(),
  makerId: idString.optional(),
  labelId: idString.optional(),
  seriesId: idString.optional(),
  directorId: idString.optional(),
  itemId: idString.optional(),
  performerId: idString.optional(),
  isDht: isDhtParam.optional(),
});
export type WorksListQuery = z.output<typeof worksListQuery>;

/** A work as lists show it (docs/product.md §3). */
export const workListItem = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  pubTime: z.string(),
  picSmall: z.string(),
  picBig: z.string(),
  modId: z.number().int(),
  isOnline: z.number().int(),
  isDht: z.number().int(),
});
export type WorkListItem = z.infer<typeof workListItem>;
export const worksListResponse = tableEnvelope(workListItem);
export type WorksListResponse = z.infer<typeof worksListResponse>;

/** GET /v2/works/detail/{id} */
export const workDetailParams = z.object({ id: z.string() });

export const workDetail = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  pubTime: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** Preview video path, or null when there is none. */
  mp4: z.string().nullable(),
  picSmall: z.string(),
  picBig: z.string(),
  /** Comma-separated image paths. */
  imageSmall: z.string(),
  imageBig: z.string(),
  average: z.number(),
  evaluates: z.number().int(),
  modId: z.number().int(),
  isOnline: z.number().int(),
  isDht: z.number().int(),
});
export type WorkDetail = z.infer<typeof workDetail>;

export const workDetailResponse = dataEnvelope(workDetail).extend({
  collect: z.boolean(),
  like: z.boolean(),
  tags: z.array(entityRef),
  maker: z.array(entityRef),
  performer: z.array(entityRef),
  label: z.array(entityRef),
  series: z.array(entityRef),
  director: z.array(entityRef),
  item: z.array(entityRef),
});
export type WorkDetailResponse = z.infer<typeof workDetailResponse>;

/** GET /v2/dht/list — magnets of a work number. */
export const MAGNET_ORDERS = ['dht', 'time', 'size'] as const;
export const magnetsQuery = z.object({
  /** A work number in any spelling, up to the longest a work may have (not the search box's 32). */
  keyword: z
    .string()
    .trim()
    .min(LIMITS.keywordMin, MSG.keywordWarning)
    .max(LIMITS.workNumberMax, MSG.keywordWarning),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.magnets),
  /** dht: HD and subtitled first, then newest; time: newest; size: largest. */
  order: z.enum(MAGNET_ORDERS).default('dht'),
  // Sent by the detail page's lookup (docs/product.md §7); accepted and not used.
  data: textParam(32).optional(),
  category: textParam(32).optional(),
  modId: textParam(8).optional(),
  remark: textParam(32).optional(),
});
export type MagnetsQuery = z.output<typeof magnetsQuery>;

export const magnetRow = z.object({
  name: z.string(),
  infoHash: z.string(),
  /** Bytes. */
  length: z.number(),
  createTime: z.string(),
  hd: z.boolean(),
  subtitle: z.boolean(),
});
export type MagnetRow = z.infer<typeof magnetRow>;
export const magnetsResponse = tableEnvelope(magnetRow);

/** GET /v2/tag/channel — tag groups of a channel. */
export const tagChannelQuery = z.object({
  modId: modIdParam.optional(),
  modName: modNameParam.optional(),
  // Sent by the client (docs/product.md §7, `tableNmae` spelled as it spells it); not used.
  pageNum: pageNumParam.optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  sort: textParam(32).optional(),
  tableNmae: textParam(32).optional(),
});
export const tagItem = entityRef;
export const tagGroup = z.object({ name: z.string(), items: z.array(tagItem) });
export type TagGroup = z.infer<typeof tagGroup>;
export const tagChannelResponse = dataEnvelope(z.array(tagGroup));

/** GET /v2/tag/list — sidebar lists of makers, labels, series, directors, items, performers. */
export const ENTITY_TABLES = ['maker', 'label', 'series', 'director', 'item', 'performer'] as const;
export type EntityTable = (typeof ENTITY_TABLES)[number];
export const tagListQuery = z.object({
  tableName: z.enum(ENTITY_TABLES),
  modId: modIdParam.default(1),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.sidebar),
});
export const entityCountRow = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export type EntityCountRow = z.infer<typeof entityCountRow>;
export const tagListResponse = tableEnvelope(entityCountRow);

/** GET /v2/works/performer/list */
export const PERFORMER_SORTS = ['count', 'uncensoredCount'] as const;
export const performerListQuery = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.sidebar),
  modName: modNameParam.default('censored'),
  /** Default: the count of the asked channel. */
  sort: z.enum(PERFORMER_SORTS).optional(),
});
export const performerRow = z.object({
  id: z.string(),
  name: z.string(),
  nameCn: z.string().nullable(),
  count: z.number().int(),
  uncensoredCount: z.number().int(),
});
export type PerformerRow = z.infer<typeof performerRow>;
export const performerListResponse = tableEnvelope(performerRow);

/** GET /v2/search/entities: the performers, makers, labels… whose name matches a keyword. */
export const entitySearchQuery = z.object({
  keyword: keywordParam,
  /** Only entities with works in this channel; absent, every channel. */
  modName: modNameParam.optional(),
});
export type EntitySearchQuery = z.output<typeof entitySearchQuery>;
export const entityMatch = z.object({
  kind: z.enum(ENTITY_MATCH_KINDS),
  id: z.string(),
  name: z.string(),
  nameCn: z.string().nullable(),
  /** The channel whose list of the entity's works it opens. */
  modName: modNameParam,
  /** Its works in that channel. */
  count: z.number().int(),
});
export type EntityMatch = z.infer<typeof entityMatch>;
export const entitySearchResponse = tableEnvelope(entityMatch);

/**
 * GET /v2/search/suggest: what the search box offers while a keyword is typed — works whose
 * number or title starts with it, then a few performers, makers and series whose name holds it.
 */
export const suggestQuery = entitySearchQuery;
export type SuggestQuery = EntitySearchQuery;
export const workSuggestion = z.object({
  id: z.string(),
  modName: modNameParam,
  number: z.string(),
  title: z.string(),
});
export type WorkSuggestion = z.infer<typeof workSuggestion>;
export const suggestions = z.object({
  works: z.array(workSuggestion),
  entities: z.array(entityMatch),
});
export type Suggestions = z.infer<typeof suggestions>;
export const suggestResponse = dataEnvelope(suggestions);
