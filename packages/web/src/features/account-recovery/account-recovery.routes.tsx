import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { RECOVERY_TITLES } from './titles';

// One chunk for the three screens (small forms), and one import of it: every first screen
// carries the route table, within a hundred bytes of its budget (e2e/first-screen.test.ts).
const screens = () => import('./recovery-screens');

type Screen = keyof Awaited<ReturnType<typeof screens>>;

/**
 * Getting an account back (decision 066): 忘记密码 under /login, and the pages the mailed links
 * open (their paths are the contract's ACCOUNT_PAGES). Full-screen forms like /login's (no tab
 * bar, their own heading), loaded on demand (decision 018); a table, as the fewest bytes.
 */
export const accountRecoveryRoutes: RouteObject[] = (
  [
    [PATHS.forgotPassword, RECOVERY_TITLES.forgotTitle, 'ForgotPasswordPage'],
    [PATHS.resetPassword, RECOVERY_TITLES.resetTitle, 'ResetPasswordPage'],
    [PATHS.verifyEmail, RECOVERY_TITLES.verifyTitle, 'VerifyEmailPage'],
  ] as const
).map(([path, title, screen]: readonly [string, string, Screen]) => ({
  path: path.slice(1),
  lazy: { Component: async () => (await screens())[screen] },
  handle: { title, hideTabBar: true, skeleton: 'form', ownHeading: true } satisfies RouteHandle,
}));
