import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { ACCOUNT_TITLES } from './titles';

/**
 * /login and /register (docs/product.md §2): full-screen forms with their own back arrow, so the tab bar
 * steps aside (and the phone keyboard has the room). Loaded on demand (decision 018).
 */
export const accountRoutes: RouteObject[] = [
  {
    path: PATHS.login.slice(1),
    lazy: { Component: async () => (await import('./login-page')).LoginPage },
    handle: {
      title: ACCOUNT_TITLES.loginTitle,
      hideTabBar: true,
      skeleton: 'form',
      ownHeading: true,
    } satisfies RouteHandle,
  },
  {
    path: PATHS.register.slice(1),
    lazy: { Component: async () => (await import('./register-page')).RegisterPage },
    handle: {
      title: ACCOUNT_TITLES.registerTitle,
      hideTabBar: true,
      skeleton: 'form',
      ownHeading: true,
    } satisfies RouteHandle,
  },
];
