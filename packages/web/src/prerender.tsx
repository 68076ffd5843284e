import { type FirstScreenData } from '@yingku/contract';
import { onlineManager } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { setServerRuntimeConfig } from './api/runtime-config';
import { AppRoot, routerReady } from './app/app-root';
import { loadScreensOf } from './app/lazy-screen';
import { createRoutes } from './app/routes';
import { seedHomeLists } from './features/home/home-lists';
import { workDetailOptions } from './features/work-detail/work-detail-query';

/** The magnet filter a visitor starts with (docs/product.md §4): the prerendered lists are for it. */
const VISITOR_MAGNET_FILTER = 1;

// The server never calls the API: a query the page's data does not fill waits as if offline
// (its skeleton) instead of fetching without a signing key or a browser to toast in.
onlineManager.setOnline(false);

/**
 * The server build's entry (`vite build --ssr`, dist-ssr/prerender.js): the markup of the first
 * screen at `pathname` (/index, a work detail) as a visitor sees it, from the app's own routes
 * and components, with `data` (the page's first-screen data, decision 029) in the query cache,
 * so nothing is fetched, and pictures from `imageHost`. The server puts it into `#root`; the browser paints it before any script
 * runs and the app hydrates it (decision 033). Throws when the screen cannot render.
 */
export async function prerender(pathname: string, data: FirstScreenData, imageHost: string): Promise<string> {
  setServerRuntimeConfig(imageHost);
  const queryClient = createQueryClient();
  // No timers left behind a request: the client is dropped with the page it rendered. And the
  // browser's `networkMode: 'always'` (decision 027) would fetch offline: here queries pause.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, gcTime: Infinity, networkMode: 'online' },
  });
  seedHomeLists(queryClient, VISITOR_MAGNET_FILTER, data.lists ?? []);
  if (data.detail) queryClient.setQueryData(workDetailOptions(data.detail.id).queryKey, data.detail.answer);
  const routes = createRoutes(queryClient);
  await loadScreensOf(routes, pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  try {
    await routerReady(router);
    return renderToString(<AppRoot queryClient={queryClient} router={router} />);
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
