import { PRERENDERED_ATTRIBUTE } from '@yingku/contract';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { createBrowserRouter, RouteObject } from 'react-router';
import { hasStoredSession } from '../session/auth-storage';
import { getMagnetFilter } from '../session/magnet-filter';
import { AppRoot, routerReady } from './app-root';
import { firstScreenData } from './first-screen';
import { loadScreensOf } from './lazy-screen';

interface App {
  queryClient: QueryClient;
  routes: RouteObject[];
  router: ReturnType<typeof createBrowserRouter>;
}

/**
 * Starts the app in `#root`. Over the boot splash it renders at once. Over a first screen the
 * server prerendered (decision 033) it first waits for that screen's code and the router's first
 * match, so its first render is that screen and not a skeleton; then it hydrates the markup when
 * it is what this browser would render (a visitor's view: the page's data, no stored login, the
 * magnet filter at its default), and otherwise renders over it in one commit (a member's detail: their flags).
 * Either way as a transition: the work yields to the browser every few milliseconds instead of
 * one long task on a slow phone (decision 018: total blocking time).
 */
export async function mountApp(container: HTMLElement, { queryClient, routes, router }: App): Promise<void> {
  const app = <AppRoot queryClient={queryClient} router={router} />;
  if (!container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    const root = createRoot(container);
    startTransition(() => root.render(app));
    return;
  }
  const [codeHere] = await Promise.all([
    loadScreensOf(routes, window.location.pathname),
    routerReady(router),
  ]);
  // The markup was rendered from the page's data block: without it the app renders otherwise.
  const pageData = Object.keys(firstScreenData()).length > 0;
  const visitorView = codeHere && pageData && !hasStoredSession() && getMagnetFilter() === 1;
  startTransition(() => {
    if (visitorView) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
