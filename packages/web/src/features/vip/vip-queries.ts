import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { commerceApi } from '../../api/commerce';
import { sessionKeys } from '../../session/session-end';
import { vipKeys } from './vip-keys';

/** The packages on sale: the same for everyone, so cached like the catalogue. */
export const packagesOptions = () =>
  queryOptions({
    queryKey: vipKeys.packages,
    queryFn: ({ signal }) => commerceApi.packages(signal),
  });

/**
 * The caller's latest orders. Asked again each time the page opens (a payment finishes in another
 * window) and dropped as soon as it closes, so a later login never sees another user's orders.
 */
export const ordersOptions = () =>
  queryOptions({
    queryKey: vipKeys.orders,
    queryFn: ({ signal }) => commerceApi.orders(signal),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * After a payment or a redeemed code: the member center, the copy cap and the player read the
 * user's level from the current-user query, so it is asked again (and the orders with it).
 */
export async function refreshMembership(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser }),
    queryClient.invalidateQueries({ queryKey: vipKeys.orders }),
  ]);
}
