import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { SupportPage } from './support-page';
import { SUPPORT_TEXT } from './texts';

/** /message, customer service (SPEC §2), inside the main layout; a form screen, so no tab bar. */
export const supportRoutes: RouteObject[] = [
  {
    path: PATHS.message.slice(1),
    element: <SupportPage />,
    handle: { title: SUPPORT_TEXT.title, hideTabBar: true } satisfies RouteHandle,
  },
];
