import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { PRIVACY_TITLE } from './titles';

/** /privacy, linked from /register and 账号与安全; loaded on demand (decision 018). */
export const privacyRoutes: RouteObject[] = [
  {
    path: PATHS.privacy.slice(1),
    lazy: { Component: async () => (await import('./privacy-page')).PrivacyPage },
    handle: { title: PRIVACY_TITLE, hideTabBar: true, ownHeading: true } satisfies RouteHandle,
  },
];
