import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { SUPPORT_TITLES } from './titles';

/**
 * /message, customer service (docs/product.md §2), inside the main layout; a form screen, so no tab bar.
 * Loaded on demand (decision 018).
 */
export const supportRoutes: RouteObject[] = [
  {
    path: PATHS.message.slice(1),
    lazy: { Component: async () => (await import('./support-page')).SupportPage },
    handle: { title: SUPPORT_TITLES.title, hideTabBar: true, skeleton: 'form' } satisfies RouteHandle,
  },
];
