import { PAGE_SIZE } from '@yingku/contract';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPageNum } from '../../components/work-list/paging';
import { loadLibraryApi } from '../collect/collect-queries';
import { memberKeys } from './member-keys';

// The API modules (and zod, which checks their answers: ≈ 26 KiB gzip) load with a member's first
// call, not with the member center's first screen, which a visitor sees without any (decision 028).
const loadCloudApi = async () => (await import('../../api/cloud')).cloudApi;

/**
 * A user's lists change on other screens (a like on a detail page): they count as stale at
 * once, so opening the member center asks again, while the cache shows the last answer meanwhile.
 */
const LIBRARY_STALE_MS = 0;

/** The user's folders for the category buttons: page 1 of 50 (docs/product.md §7, §9). */
export function useFolders(userId: string) {
  return useQuery({
    queryKey: memberKeys.folders(userId),
    queryFn: async ({ signal }) => (await loadLibraryApi()).folders(1, PAGE_SIZE.categoryList, signal),
    staleTime: LIBRARY_STALE_MS,
  });
}

/**
 * Drops the kept pages of one folder's list, so choosing it again starts at page 1 with an empty
 * list (docs/product.md §4) rather than at the length it had before.
 */
export function forgetCollectedPages(queryClient: QueryClient, userId: string, cateId: string | undefined) {
  queryClient.removeQueries({ queryKey: memberKeys.collected(userId, cateId), exact: true });
}

/**
 * Pages of collected works, 24 a page, in one folder or all (docs/product.md §9). A new folder in the key
 * starts again at page 1 with an empty list (docs/product.md §4).
 */
export function useCollectedPages(userId: string, cateId: string | undefined, enabled: boolean) {
  const pageSize = PAGE_SIZE.memberCollect;
  return useInfiniteQuery({
    queryKey: memberKeys.collected(userId, cateId),
    queryFn: async ({ pageParam, signal }) =>
      (await loadLibraryApi()).collected({ pageNum: pageParam, pageSize, cateId }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, pageSize),
    staleTime: LIBRARY_STALE_MS,
    enabled,
  });
}

/** Pages of liked works, newest first, 10 a page (docs/product.md §9). */
export function useLikedPages(userId: string) {
  const pageSize = PAGE_SIZE.memberLike;
  return useInfiniteQuery({
    queryKey: memberKeys.liked(userId),
    queryFn: async ({ pageParam, signal }) => (await loadLibraryApi()).likes(pageParam, pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, pageSize),
    staleTime: LIBRARY_STALE_MS,
  });
}

/**
 * Pages of the user's cloud-download requests, newest first (GET /web/cloud/file/list). Under the
 * library prefix, so the end of a login drops them; stale at once, so a request made on a work's
 * page, or one staff have just done, shows when the list is next opened.
 */
export function useCloudDownloadPages(userId: string) {
  const pageSize = PAGE_SIZE.cloudDownloads;
  return useInfiniteQuery({
    queryKey: memberKeys.cloudDownloads(userId),
    queryFn: async ({ pageParam, signal }) => (await loadCloudApi()).list({ pageNum: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, pageSize),
    staleTime: LIBRARY_STALE_MS,
  });
}
