import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';

/** The route's title, which the page's texts take: here, as recovery's titles are (and why). */
export const PRIVACY_TITLE = '用户协议与隐私政策';

/** /privacy, linked from /register and 账号与安全; loaded on demand (decision 018). */
export const privacyRoutes: RouteObject[] = [
  {
    path: PATHS.privacy.slice(1),
    lazy: { Component: async () => (await import('./privacy-page')).PrivacyPage },
    handle: { title: PRIVACY_TITLE, hideTabBar: true, ownHeading: true } satisfies RouteHandle,
  },
];
