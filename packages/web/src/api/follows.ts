import {
  feedNewResponse,
  feedResponse,
  fillPath,
  FOLLOW_LIMITS,
  type FollowBody,
  followKeysResponse,
  followListResponse,
  followResponse,
  FOLLOWS_API,
  type MarkBody,
  markListResponse,
  markResponse,
  watchedIdsResponse,
  type WorkMark,
} from '@yingku/contract';
import { api } from './client';

/**
 * Follows, the feed and 想看 / 看过 marks of a logged-in member (decision 045). The reads
 * the member's controls make by themselves are `background`: a login that has ended drops them.
 */
export const followsApi = {
  follow: (body: FollowBody) => api.post(FOLLOWS_API.follow, { ...body }, { schema: followResponse }),
  followed: (pageNum: number, signal?: AbortSignal) =>
    api.get(
      FOLLOWS_API.followList,
      { pageNum, pageSize: FOLLOW_LIMITS.memberFollows },
      { schema: followListResponse, signal },
    ),
  followKeys: (signal?: AbortSignal) =>
    api.get(
      FOLLOWS_API.followKeys,
      {},
      { schema: followKeysResponse, signal, silent: 'answers', background: true },
    ),
  feed: (pageNum: number, signal?: AbortSignal) =>
    api.get(
      FOLLOWS_API.feed,
      { pageNum, pageSize: FOLLOW_LIMITS.memberFeed },
      { schema: feedResponse, signal },
    ),
  feedNew: (signal?: AbortSignal) =>
    api.get(
      FOLLOWS_API.feedNew,
      {},
      { schema: feedNewResponse, signal, silent: 'answers', background: true },
    ),
  feedSeen: () => api.post(FOLLOWS_API.feedSeen, {}, { schema: feedNewResponse }),
  mark: (body: MarkBody) => api.post(FOLLOWS_API.mark, { ...body }, { schema: markResponse }),
  markOf: (dataId: string, signal?: AbortSignal) =>
    api.get(
      fillPath(FOLLOWS_API.markOf, { dataId }),
      {},
      { schema: markResponse, signal, silent: 'answers', background: true },
    ),
  marked: (mark: WorkMark, pageNum: number, signal?: AbortSignal) =>
    api.get(
      FOLLOWS_API.markList,
      { mark, pageNum, pageSize: FOLLOW_LIMITS.memberMarks },
      { schema: markListResponse, signal },
    ),
  watchedIds: (signal?: AbortSignal) =>
    api.get(
      FOLLOWS_API.watchedIds,
      {},
      { schema: watchedIdsResponse, signal, silent: 'answers', background: true },
    ),
};
