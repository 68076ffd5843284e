import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@yingku/contract';
import { supportApi } from '../../api/support';
import { supportKeys } from './support-keys';

/**
 * The caller's threads, page by page. Never cached past the page (gcTime 0), so a later login
 * never sees another user's questions.
 */
export function useThreads() {
  return useInfiniteQuery({
    queryKey: supportKeys.threads,
    queryFn: ({ pageParam, signal }) => supportApi.list(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * PAGE_SIZE.messages < last.total ? pages.length + 1 : undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
