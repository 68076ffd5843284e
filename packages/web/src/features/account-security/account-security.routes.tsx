import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { ACCOUNT_SECURITY_TITLES } from './titles';

/** /user/security, 账号与安全 (from the member center's 更多): a form screen, so no tab bar. */
export const accountSecurityRoutes: RouteObject[] = [
  {
    path: PATHS.userSecurity.slice(1),
    lazy: { Component: async () => (await import('./security-page')).SecurityPage },
    handle: {
      title: ACCOUNT_SECURITY_TITLES.title,
      hideTabBar: true,
      skeleton: 'form',
    } satisfies RouteHandle,
  },
];
