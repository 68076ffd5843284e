import { MOD_NAMES } from '@yingku/contract';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { DETAIL_TEXT } from './texts';
import { WorkDetailPage } from './work-detail-page';

/** `/censored/:id`, `/uncensored/:id`, `/western/:id` (SPEC §2); app/routes.tsx places them in the main layout. */
export const workDetailRoutes: RouteObject[] = MOD_NAMES.map((modName) => ({
  path: `${modName}/:id`,
  element: <WorkDetailPage />,
  handle: { title: DETAIL_TEXT.pageTitle } satisfies RouteHandle,
}));
