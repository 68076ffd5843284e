/** Anything that can navigate like the data router (`router.navigate`). */
export interface RouterNavigation {
  navigate(to: string): unknown;
}

let connected: RouterNavigation | undefined;

/**
 * Lets code outside React (the API client's 403 dialog) navigate through the app's router.
 * main.tsx connects the router once it is created.
 */
export function connectRouterNavigation(router: RouterNavigation): void {
  connected = router;
}

/**
 * Goes to `to` inside the app, keeping its state (no reload). Before the router exists (nothing
 * has rendered yet) the only way is a full page load.
 */
export function navigateTo(to: string): void {
  if (connected) void connected.navigate(to);
  else window.location.assign(to);
}
