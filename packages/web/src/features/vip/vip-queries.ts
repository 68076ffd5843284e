import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { commerceApi } from '../../api/commerce';
import { CURRENT_USER_KEY } from '../../session/session-end';

/** The packages on sale: the same for everyone, so cached like the catalogue. */
export const packagesOptions = () =>
  queryOptions({
    queryKey: ['vip', 'packages'] as const,
    queryFn: ({ signal }) => commerceApi.packages(signal),
  });

/** Query key of the caller's orders. */
export const ORDERS_KEY = ['vip', 'orders'] as const;

/**
 * The caller's latest orders. Asked again each time the page opens (a payment finishes in another
 * window) and dropped as soon as it closes, so a later login never sees another user's orders.
 */
export const ordersOptions = () =>
  queryOptions({
    queryKey: ORDERS_KEY,
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
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  ]);
}
