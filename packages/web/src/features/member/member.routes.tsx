import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { UI_TEXT } from '../../app/texts';

/**
 * /user, the member center (docs/product.md §2), under the bottom tab 我的; loaded on demand (decision 018).
 */
export const memberRoutes: RouteObject[] = [
  {
    path: PATHS.user.slice(1),
    lazy: { Component: async () => (await import('./member-page')).MemberPage },
    handle: { title: UI_TEXT.mine, skeleton: 'form' } satisfies RouteHandle,
  },
  {
    // A public folder's read-only page, from the link its owner shared (docs/product.md §2).
    path: 'folder/:cateId/:shareKey',
    lazy: { Component: async () => (await import('./shared-folder-page')).SharedFolderPage },
    handle: { title: UI_TEXT.sharedFolderTitle } satisfies RouteHandle,
  },
];
