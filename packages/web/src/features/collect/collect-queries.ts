import { PAGE_SIZE } from '@yingku/contract';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { sessionKeys } from '../../session/session-end';
import { collectKeys } from './collect-keys';

// The API module (and zod, which checks its answers: ≈ 26 KiB gzip) loads with the first call,
// not with the work detail's first screen (decision 028).
export const loadLibraryApi = async () => (await import('../../api/library')).libraryApi;

/**
 * The caller's folders, {@link PAGE_SIZE.folders} (42) a page (docs/product.md §7), the default one first.
 */
export function foldersOptions() {
  return infiniteQueryOptions({
    queryKey: collectKeys.folders(PAGE_SIZE.folders),
    queryFn: async ({ pageParam, signal }) =>
      (await loadLibraryApi()).folders(pageParam, PAGE_SIZE.folders, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return last.rows.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    // Folders change on other screens and devices: the picker reads them fresh when it opens.
    staleTime: 0,
  });
}

/** The ids of the caller's folders holding a work (GET /v2/user/collect/{dataId}). */
export function workFoldersOptions(dataId: string) {
  return queryOptions({
    queryKey: collectKeys.workFolders(dataId),
    queryFn: async ({ signal }) => (await (await loadLibraryApi()).workFolders(dataId, signal)).data,
    staleTime: 0,
  });
}

/**
 * After a collect write: the work's folders as the server answered them, and everything else
 * of the library (folder counts, member-center lists) marked stale.
 */
export function afterCollectWrite(queryClient: QueryClient, dataId: string, cateIds: string[]): void {
  const workFolders = workFoldersOptions(dataId).queryKey;
  queryClient.setQueryData(workFolders, cateIds);
  void queryClient.invalidateQueries({
    queryKey: sessionKeys.library,
    predicate: (query) => query.queryKey[1] !== workFolders[1] || query.queryKey[2] !== dataId,
  });
}
