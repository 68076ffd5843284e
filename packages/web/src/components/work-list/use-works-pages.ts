import { API, type WorkListItem } from '@yingku/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { WorksListParams } from '../../api/works';
import { worksListGuard } from '../../api/works-list-guard';
import { useMagnetFilter } from '../../session/magnet-filter';
import { nextPageNum } from './paging';
import { workListKeys } from './work-list-keys';

/** A paged works list as its screens draw it: plain data, and the calls a user can make. */
export interface WorkPages {
  /** Every work loaded so far, page after page. */
  works: WorkListItem[];
  /** How many works match; undefined until the first page is in. */
  total: number | undefined;
  /** The first page is on its way. */
  pending: boolean;
  /** The last call failed (the first page, the next one, or a refetch). */
  failed: boolean;
  /** A page is on its way (a refetch too): no second call is made meanwhile. */
  fetching: boolean;
  /** The list is being loaded again from page 1 (a reload). */
  refetching: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  /** The next page, unless one is on its way. */
  loadMore: () => void;
  /** The first page again, after it failed. */
  retry: () => void;
}

/**
 * Pages of a works list (docs/product.md §4): page 1 first, then one page per load-more. The query key
 * holds every param and the session magnet filter, so changing a tab, filter, keyword or route
 * parameter starts again at page 1 with an empty list. The list shows a failure as its own error
 * state with a retry (docs/product.md §8: no message); a transport failure (no connection, the timeout)
 * still gets docs/product.md §8's toast from the client.
 */
export function useWorksPages(
  params: Omit<WorksListParams, 'pageNum' | 'pageSize'>,
  pageSize: number,
): WorkPages {
  const [magnetFilter] = useMagnetFilter();
  const query = useInfiniteQuery({
    queryKey: workListKeys.pages(params, pageSize, magnetFilter),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        API.worksList,
        { ...params, pageNum: pageParam, pageSize },
        { schema: worksListGuard, signal, silent: 'answers' },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageNum) =>
      nextPageNum(last.rows.length, last.total, lastPageNum, pageSize),
  });
  return {
    works: query.data?.pages.flatMap((page) => page.rows) ?? [],
    total: query.data?.pages[0]?.total,
    pending: query.isPending,
    failed: query.isError,
    fetching: query.isFetching,
    refetching: query.isRefetching,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage({ cancelRefetch: false });
    },
    retry: () => void query.refetch(),
  };
}
