import { z } from 'zod';
import { MOD_NAMES } from '../channels';
import { FOLLOW_KINDS, FOLLOW_LIMITS, WORK_MARKS } from '../follows-constants';
import { SERVER_MSG } from '../server-messages';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope } from './common';
import { libraryWork } from './library';

const followKind = z.enum(FOLLOW_KINDS, SERVER_MSG.followKindInvalid);
const statusField = z.union([z.literal(0), z.literal(9), z.enum(['0', '9']).transform(Number)]);

/** POST /v2/user/follow — follow (status 0) or unfollow (status 9) a performer, maker, series or director. */
export const followBody = z.object({
  ...clientFields,
  kind: followKind,
  entityId: idString,
  status: statusField,
});
export type FollowBody = z.input<typeof followBody>;
export const followResponse = dataEnvelope(z.object({ followed: z.boolean() }));

/** A followed entity as the member center lists it; `modName` is the channel its list opens in. */
export const followedEntity = z.object({
  kind: followKind,
  id: z.string(),
  name: z.string(),
  nameCn: z.string().nullable(),
  modName: z.enum(MOD_NAMES),
  addTime: z.string(),
});
export type FollowedEntity = z.infer<typeof followedEntity>;

/** GET /v2/user/follow/list — the caller's follows, newest first. */
export const followListQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(FOLLOW_LIMITS.memberFollows),
});
export const followListResponse = tableEnvelope(followedEntity);

/** GET /v2/user/follow/keys — every follow of the caller as `kind:id` (at most FOLLOW_LIMITS.followsPerMember). */
export const followKeysResponse = dataEnvelope(z.array(z.string()));

/** GET /v2/user/feed — works of the followed entities, newest first (pub time, then id). */
export const feedQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(FOLLOW_LIMITS.memberFeed),
});
/** `addTime` is the work's pub time; `total` counts the rows so far and one more while more exist. */
export const feedResponse = tableEnvelope(libraryWork);

/** GET /v2/user/feed/new, POST /v2/user/feed/seen — works new in the feed since the last visit (≤ FOLLOW_LIMITS.feedNewMax). */
export const feedNewResponse = dataEnvelope(z.object({ count: z.number().int() }));

const markField = z.enum([...WORK_MARKS, 'none'], SERVER_MSG.markInvalid);

/** POST /v2/user/mark — 想看 (want), 看过 (watched) or none; one mark per work, a new one replaces. */
export const markBody = z.object({ ...clientFields, dataId: idString, mark: markField });
export type MarkBody = z.input<typeof markBody>;
export const markResponse = dataEnvelope(z.object({ mark: z.enum(WORK_MARKS).nullable() }));
export type MarkAnswer = z.infer<typeof markResponse>['data'];

/** GET /v2/user/mark/work/{dataId} — the caller's mark on one work. */
export const markOfParams = z.object({ dataId: idString });

/** GET /v2/user/mark/list — the caller's 想看 or 看过 works, newest mark first. */
export const markListQuery = z.object({
  ...clientFields,
  mark: z.enum(WORK_MARKS, SERVER_MSG.markInvalid),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(FOLLOW_LIMITS.memberMarks),
});
export const markListResponse = tableEnvelope(libraryWork);

/** GET /v2/user/mark/watched-ids — the newest FOLLOW_LIMITS.watchedIdsMax 看过 work ids, for 隐藏已看过. */
export const watchedIdsResponse = dataEnvelope(z.array(z.string()));
