import { QueryClient } from '@tanstack/react-query';

/** How long loaded catalogue data counts as fresh: no refetch when a screen comes back within it. */
export const CATALOGUE_STALE_MS = 5 * 60_000;
/** How long data of screens no longer shown is kept, so going back finds a list at full length. */
export const CATALOGUE_KEEP_MS = 30 * 60_000;

/**
 * Catalogue data changes slowly. Going back from a detail page must find the list as it was
 * (every loaded page, same length) so the scroll position can be restored: data stays fresh for
 * five minutes and is kept half an hour after its screen closes (the default five minutes would
 * drop a long list while someone reads a detail). A failed call is not retried by itself (the
 * client has already shown why it failed; screens offer a retry).
 *
 * Calls are made offline too (`networkMode: 'always'`): TanStack Query's default pauses them, which would
 * keep a screen the service worker opened offline on its skeleton under the offline banner for as long as the
 * network is away, and make a tap on 点赞 do nothing. Made, they fail at once with 后端接口连接异常 (docs/product.md
 * §8) and the screen's error state and retry; back online, what failed loads again by itself
 * (`refetchOnReconnect`, on by default, refetches what has no data).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CATALOGUE_STALE_MS,
        gcTime: CATALOGUE_KEEP_MS,
        retry: false,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: {
        networkMode: 'always',
      },
    },
  });
}
