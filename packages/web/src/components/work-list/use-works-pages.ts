import { API } from '@yingku/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type WorksListParams, workKeys } from '../../api/works';
import { worksListGuard } from '../../api/works-list-guard';
import { useMagnetFilter } from '../../session/magnet-filter';
import { nextPageNum } from './paging';

/**
 * Pages of a works list (SPEC §4): page 1 first, then one page per load-more. The query key
 * holds every param and the session magnet filter, so changing a tab, filter, keyword or route
 * parameter starts again at page 1 with an empty list. The list shows a failure as its own error
 * state with a retry (SPEC §8: no message); a transport failure (no connection, the timeout)
 * still gets SPEC §8's toast from the client.
 */
export function useWorksPages(params: Omit<WorksListParams, 'pageNum' | 'pageSize'>, pageSize: number) {
  const [magnetFilter] = useMagnetFilter();
  return useInfiniteQuery({
    queryKey: workKeys.pages(params, pageSize, magnetFilter),
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
}
