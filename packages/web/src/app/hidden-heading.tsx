import type { RouteHandle } from './route-handle';

/**
 * The page's h1 when it draws none of its own (`ownHeading`): its title, for screen readers
 * only, so every page has exactly one h1.
 */
export function HiddenHeading({ handle }: { handle: RouteHandle | undefined }) {
  if (!handle || handle.ownHeading) return null;
  return <h1 className="visually-hidden">{handle.title}</h1>;
}
