import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import { RouteErrorPage } from '../../app/route-error-page';
import type { RouteHandle } from '../../app/route-handle';
import { StandaloneLayout } from './standalone-layout';
import { VIP_TITLES } from './titles';

/**
 * /pay and /orders (docs/product.md §2: outside the main layout): a frame of their own, beside the main
 * layout's route, with no tab bar; each page brings its nav bar and back arrow. The pages load
 * on demand (decision 018).
 */
export const vipStandaloneRoute: RouteObject = {
  element: <StandaloneLayout />,
  hydrateFallbackElement: <StandaloneLayout pending />,
  errorElement: <RouteErrorPage />,
  children: [
    {
      path: PATHS.pay.slice(1),
      lazy: { Component: async () => (await import('./pay-page')).PayPage },
      handle: { title: VIP_TITLES.payTitle, hideTabBar: true, skeleton: 'form' } satisfies RouteHandle,
    },
    {
      path: PATHS.orders.slice(1),
      lazy: { Component: async () => (await import('./orders-page')).OrdersPage },
      handle: { title: VIP_TITLES.ordersTitle, hideTabBar: true, skeleton: 'form' } satisfies RouteHandle,
    },
  ],
};

/** /sub, activation-code redemption, inside the main layout; a form screen, so no tab bar. */
export const vipRoutes: RouteObject[] = [
  {
    path: PATHS.sub.slice(1),
    lazy: { Component: async () => (await import('./sub-page')).SubPage },
    handle: {
      title: VIP_TITLES.subTitle,
      hideTabBar: true,
      skeleton: 'form',
      ownHeading: true,
    } satisfies RouteHandle,
  },
];
