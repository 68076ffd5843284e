import { MSG } from '@yingku/contract';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/account.routes';
import { accountRecoveryRoutes } from '../features/account-recovery/account-recovery.routes';
import { accountSecurityRoutes } from '../features/account-security/account-security.routes';
import { AgeGatePage } from '../features/age-gate/age-gate-page';
import { channelRoutes } from '../features/channel/channel.routes';
import { entitiesRoutes } from '../features/entities/entities.routes';
import { prefetchHomeLists } from '../features/home/home-lists';
import { HomePage } from '../features/home/home-page';
import { memberRoutes } from '../features/member/member.routes';
import { privacyRoutes } from '../features/privacy/privacy.routes';
import { supportRoutes } from '../features/support/support.routes';
import { vipRoutes, vipStandaloneRoute } from '../features/vip/vip.routes';
import { workDetailRoutes } from '../features/work-detail/work-detail.routes';
import { AppLayout } from './app-layout';
import { loadScreensInPlace } from './lazy-screen';
import { PageLoading } from './page-loading';
import { PATHS } from './paths';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';
import { UI_TEXT } from './texts';

/**
 * The client routes of docs/product.md §2; each carries its {@link RouteHandle}. Only the frame, the age
 * gate and the home page are in the code every visitor downloads first: every other screen
 * (and the not-found page) is `lazy`, its code fetched when it is first opened; its `handle`
 * stays here, so the title, the tab bar and the login flag are known before the code arrives.
 * The lazy screens render in place ({@link loadScreensInPlace}): frame and skeleton at once, a
 * retry when the code does not arrive (decision 027). /pay, /orders and the console (/admin)
 * sit beside the main layout. `queryClient`: the cache the home page's loader starts filling
 * before the page renders. Decision 018.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] =>
  loadScreensInPlace(appRoutes(queryClient));

const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <AppLayout />,
    // A first visit straight to a screen loaded on demand: the frame, and a loading sign.
    hydrateFallbackElement: <AppLayout pending />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        element: <AgeGatePage />,
        handle: { title: MSG.ageGateTitle, hideTabBar: true, ownHeading: true } satisfies RouteHandle,
      },
      {
        path: 'index',
        loader: () => prefetchHomeLists(queryClient),
        element: <HomePage />,
        handle: { title: UI_TEXT.homeTitle, ownHeading: true } satisfies RouteHandle,
      },
      {
        // The older name of the login route (docs/product.md §2); the app's own is /login.
        path: PATHS.userLogin.slice(1),
        element: <Navigate to={PATHS.login} replace />,
      },
      ...channelRoutes,
      ...entitiesRoutes,
      ...workDetailRoutes,
      ...accountRoutes,
      ...accountRecoveryRoutes,
      ...privacyRoutes,
      ...memberRoutes,
      ...accountSecurityRoutes,
      ...vipRoutes,
      ...supportRoutes,
      {
        path: '*',
        lazy: { Component: async () => (await import('./not-found-page')).NotFoundPage },
        handle: { title: UI_TEXT.notFoundTitle, skeleton: 'form', ownHeading: true } satisfies RouteHandle,
      },
    ],
  },
  // /pay and /orders: outside the main layout (docs/product.md §2), in a frame of their own.
  vipStandaloneRoute,
  {
    // The operators' console: outside the main layout (no tab bar), its own desktop frame and
    // sections (nested under /admin/…). Its code is a chunk of its own, fetched only when
    // /admin is opened: a visitor's pages never download it.
    path: `${PATHS.admin.slice(1)}/*`,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    lazy: {
      Component: async () => (await import('../features/admin/admin-app')).AdminApp,
    },
  },
];
