import { MOD_NAMES } from '@yingku/contract';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { DETAIL_TITLES } from './titles';

/**
 * `/censored/:id`, `/uncensored/:id`, `/western/:id` (docs/product.md §2); app/routes.tsx places them in the
 * main layout. Loaded on demand (decision 018): the player, its hls.js and the collect popups
 * are no part of the first page.
 */
export const workDetailRoutes: RouteObject[] = MOD_NAMES.map((modName) => ({
  path: `${modName}/:id`,
  lazy: { Component: async () => (await import('./work-detail-page')).WorkDetailPage },
  handle: { title: DETAIL_TITLES.pageTitle, skeleton: 'detail', ownHeading: true } satisfies RouteHandle,
}));
