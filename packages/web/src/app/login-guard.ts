import type { UIMatch } from 'react-router';
import { PATHS } from './paths';
import type { RouteHandle } from './route-handle';

/**
 * Where a login-required route sends a visitor (docs/product.md §2): when any matched route's handle says
 * `requiresLogin` and the browser holds no user data, to the login page; otherwise nowhere (null).
 * A flag on a parent route covers its children.
 */
export function loginRedirect(
  matches: readonly Pick<UIMatch, 'handle'>[],
  hasStoredUser: boolean,
): string | null {
  if (hasStoredUser) return null;
  const flagged = matches.some((match) => (match.handle as Partial<RouteHandle> | undefined)?.requiresLogin);
  return flagged ? PATHS.login : null;
}
