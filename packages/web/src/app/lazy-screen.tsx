import { type ComponentType, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';
import { useOnline } from './online';
import { PageLoading } from './page-loading';
import { ScreenLoadFailed } from './screen-load-failed';
import { createScreenLoader, type ScreenLoader } from './screen-loader';

type Screen = () => ReactNode;

/**
 * A screen whose code loads on demand: the skeleton at once while it comes, the screen once it is
 * here, and when it does not arrive a message with a retry that fetches it again. After a
 * failure, it also fetches again by itself when the browser is back online, and on every new
 * visit (a tap on its tab or link again: a new location).
 */
function LazyScreen({ loader }: { loader: ScreenLoader<Screen> }) {
  // The same on the server: the prerender loads the screen's code before it renders (decision 033).
  const state = useSyncExternalStore(loader.subscribe, loader.state, loader.state);
  const visit = useLocation().key;
  const online = useOnline();
  useEffect(() => {
    // Offline, a failed screen keeps its message rather than failing again behind a skeleton.
    if (online || loader.state().status !== 'failed') void loader.load();
  }, [loader, visit, online]);
  if (state.status === 'ready') return state.value();
  if (state.status === 'failed') return <ScreenLoadFailed onRetry={() => void loader.load()} />;
  return <PageLoading />;
}

/** The lazy route forms feature routes use: one `Component` or one `element`. */
type LazyScreenRoute = { Component: () => Promise<ComponentType> } | { element: () => Promise<ReactNode> };

function screenImporter(lazy: LazyScreenRoute): () => Promise<Screen> {
  if ('Component' in lazy) {
    return async () => {
      const Component = await lazy.Component();
      return () => <Component />;
    };
  }
  return async () => {
    const element = await lazy.element();
    return () => element;
  };
}

function isLazyScreenRoute(lazy: RouteObject['lazy']): lazy is LazyScreenRoute {
  if (typeof lazy !== 'object') return false;
  const keys = Object.keys(lazy);
  return keys.length === 1 && (keys[0] === 'Component' || keys[0] === 'element');
}

let screens = 0;
/** The loader of each route {@link loadScreensInPlace} made, to fetch a path's code ahead. */
const screenLoaders = new WeakMap<RouteObject, ScreenLoader<Screen>>();

/**
 * Fetches the code of the screens `pathname` shows, if they load on demand, and waits for it:
 * the prerendered first screen (decision 033) renders them at once, as the page already shows
 * them, instead of their skeleton. Whether all of it is here; a failed fetch is left to the
 * screen (its message and retry).
 */
export async function loadScreensOf(routes: RouteObject[], pathname: string): Promise<boolean> {
  const loaders = (matchRoutes(routes, pathname) ?? []).flatMap(
    ({ route }) => screenLoaders.get(route) ?? [],
  );
  await Promise.all(loaders.map((loader) => loader.load()));
  return loaders.every((loader) => loader.state().status === 'ready');
}

/**
 * Turns routes whose screen loads on demand (`lazy: { Component }` or `lazy: { element }`) into
 * routes that render that screen through {@link LazyScreen}, children included. With the router's
 * own `lazy` a navigation waits for the code behind a thin bar, and a failed import is kept for
 * good: offline, the tap left a blank page, and tapping again once back online did nothing. Here
 * the navigation happens at once (frame and skeleton), and a failure is a state the screen
 * recovers from. Decision 027.
 */
export function loadScreensInPlace(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const children = route.children && loadScreensInPlace(route.children);
    if (!isLazyScreenRoute(route.lazy)) return (children ? { ...route, children } : route) as RouteObject;
    const { lazy, ...rest } = route;
    const loader = createScreenLoader(screenImporter(lazy));
    screens += 1;
    const inPlace = {
      ...rest,
      ...(children && { children }),
      element: <LazyScreen key={screens} loader={loader} />,
    } as RouteObject;
    screenLoaders.set(inPlace, loader);
    return inPlace;
  });
}
