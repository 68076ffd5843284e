import {
  API,
  feedNewResponse,
  feedResponse,
  fillPath,
  type FollowBody,
  followKeysResponse,
  followListResponse,
  followResponse,
  type MarkBody,
  markListResponse,
  markResponse,
  PAGE_SIZE,
  watchedIdsResponse,
  type WorkMark,
} from '@yingku/contract';
import { api } from './client';

/** Follows, the feed and 想看 / 看过 marks of a logged-in member (issue 17, decision 045). */
export const followsApi = {
  follow: (body: FollowBody) => api.post(API.follow, { ...body }, { schema: followResponse }),
  followed: (pageNum: number, signal?: AbortSignal) =>
    api.get(
      API.followList,
      { pageNum, pageSize: PAGE_SIZE.memberFollows },
      { schema: followListResponse, signal },
    ),
  followKeys: (signal?: AbortSignal) => api.get(API.followKeys, {}, { schema: followKeysResponse, signal }),
  feed: (pageNum: number, signal?: AbortSignal) =>
    api.get(API.feed, { pageNum, pageSize: PAGE_SIZE.memberFeed }, { schema: feedResponse, signal }),
  feedNew: (signal?: AbortSignal) =>
    api.get(API.feedNew, {}, { schema: feedNewResponse, signal, silent: 'answers' }),
  feedSeen: () => api.post(API.feedSeen, {}, { schema: feedNewResponse }),
  mark: (body: MarkBody) => api.post(API.mark, { ...body }, { schema: markResponse }),
  markOf: (dataId: string, signal?: AbortSignal) =>
    api.get(fillPath(API.markOf, { dataId }), {}, { schema: markResponse, signal }),
  marked: (mark: WorkMark, pageNum: number, signal?: AbortSignal) =>
    api.get(
      API.markList,
      { mark, pageNum, pageSize: PAGE_SIZE.memberMarks },
      { schema: markListResponse, signal },
    ),
  watchedIds: (signal?: AbortSignal) =>
    api.get(API.watchedIds, {}, { schema: watchedIdsResponse, signal, silent: 'answers' }),
};
