import { FOLLOW_LIMITS, type FollowKind, type WorkMark } from '@yingku/contract';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPageNum } from '../../components/work-list/paging';
import { followsKeys } from './follows-keys';

/** The calls and their schemas load with a member's first follow or mark call (decision 028). */
export const loadFollowsApi = async () => (await import('../../api/follows')).followsApi;

/** How often the 我的 badge asks again while a page stays open. */
const FEED_NEW_REFRESH_MS = 5 * 60_000;

/** Every follow of the member as `kind:id`: one call for every toggle on a screen. */
export function useFollowKeys() {
  return useQuery({
    queryKey: followsKeys.keys(),
    queryFn: async ({ signal }) => new Set((await (await loadFollowsApi()).followKeys(signal)).data),
    staleTime: 60_000,
  });
}

/** Works new in the feed since the member's last visit (the 我的 badge). */
export function useFeedNew(enabled: boolean) {
  return useQuery({
    queryKey: followsKeys.feedNew(),
    queryFn: async ({ signal }) => (await (await loadFollowsApi()).feedNew(signal)).data.count,
    enabled,
    staleTime: 60_000,
    refetchInterval: FEED_NEW_REFRESH_MS,
  });
}

/** The newest 看过 ids (at most FOLLOW_LIMITS.watchedIdsMax), for 隐藏已看过. */
export function useWatchedIds(enabled: boolean) {
  return useQuery({
    queryKey: followsKeys.watchedIds(),
    queryFn: async ({ signal }) => (await (await loadFollowsApi()).watchedIds(signal)).data,
    enabled,
    staleTime: 60_000,
  });
}

/** The member's mark on one work. */
export function useMarkOf(workId: string) {
  return useQuery({
    queryKey: followsKeys.markOf(workId),
    queryFn: async ({ signal }) => (await (await loadFollowsApi()).markOf(workId, signal)).data.mark,
    staleTime: 0,
  });
}

/** Follows (or unfollows) and refreshes what shows follows and the feed. */
export async function setFollow(
  queryClient: QueryClient,
  kind: FollowKind,
  entityId: string,
  follow: boolean,
) {
  const api = await loadFollowsApi();
  const answer = await api.follow({ kind, entityId, status: follow ? 0 : 9 });
  queryClient.setQueryData<Set<string>>(followsKeys.keys(), (keys) => {
    const next = new Set(keys);
    if (answer.data.followed) next.add(`${kind}:${entityId}`);
    else next.delete(`${kind}:${entityId}`);
    return next;
  });
  void queryClient.invalidateQueries({ queryKey: followsKeys.all });
  return answer.data.followed;
}

/** Sets a work's mark (or clears it) and refreshes the lists and the watched ids. */
export async function setMark(queryClient: QueryClient, workId: string, mark: WorkMark | 'none') {
  const api = await loadFollowsApi();
  const answer = await api.mark({ dataId: workId, mark });
  queryClient.setQueryData(followsKeys.markOf(workId), answer.data.mark);
  void queryClient.invalidateQueries({ queryKey: followsKeys.all });
  return answer.data.mark;
}

const pageOptions = { initialPageParam: 1 as number, staleTime: 0 };

export function useFeedPages(userId: string) {
  return useInfiniteQuery({
    ...pageOptions,
    queryKey: followsKeys.feed(userId),
    queryFn: async ({ pageParam, signal }) => (await loadFollowsApi()).feed(pageParam, signal),
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, FOLLOW_LIMITS.memberFeed),
  });
}

export function useMarkedPages(userId: string, mark: WorkMark) {
  return useInfiniteQuery({
    ...pageOptions,
    queryKey: followsKeys.marked(userId, mark),
    queryFn: async ({ pageParam, signal }) => (await loadFollowsApi()).marked(mark, pageParam, signal),
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, FOLLOW_LIMITS.memberMarks),
  });
}

export function useFollowedPages(userId: string) {
  return useInfiniteQuery({
    ...pageOptions,
    queryKey: followsKeys.followed(userId),
    queryFn: async ({ pageParam, signal }) => (await loadFollowsApi()).followed(pageParam, signal),
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, FOLLOW_LIMITS.memberFollows),
  });
}
