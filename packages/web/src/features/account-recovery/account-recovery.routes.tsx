import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { RECOVERY_TITLES } from './titles';

// One chunk for the three screens (small forms), and one import of it: every first screen
// carries the route table, within a hundred bytes of its budget (e2e/first-screen.test.ts).
const screens = () => import('./recovery-screens');

/** Full-screen forms like /login's: no tab bar, their own heading. */
const form = (title: string): RouteHandle => ({
  title,
  hideTabBar: true,
  skeleton: 'form',
  ownHeading: true,
});

/**
 * Getting an account back (decision 066): 忘记密码 under /login, and the pages the mailed links
 * open (their paths are the contract's ACCOUNT_PAGES). Loaded on demand (decision 018).
 */
export const accountRecoveryRoutes: RouteObject[] = [
  {
    path: PATHS.forgotPassword.slice(1),
    lazy: { Component: async () => (await screens()).ForgotPasswordPage },
    handle: form(RECOVERY_TITLES.forgotTitle),
  },
  {
    path: PATHS.resetPassword.slice(1),
    lazy: { Component: async () => (await screens()).ResetPasswordPage },
    handle: form(RECOVERY_TITLES.resetTitle),
  },
  {
    path: PATHS.verifyEmail.slice(1),
    lazy: { Component: async () => (await screens()).VerifyEmailPage },
    handle: form(RECOVERY_TITLES.verifyTitle),
  },
];
