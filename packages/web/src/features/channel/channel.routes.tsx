import { MOD_NAMES, type ModName } from '@yingku/contract';
import { Navigate, type RouteObject } from 'react-router';
import { tagsPath } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { CHANNEL_TITLES } from './titles';

/** `/tags` and `/top` for censored, `/tags/uncensored` and `/top/uncensored` for the others. */
const under = (base: string, modName: ModName) => (modName === 'censored' ? base : `${base}/${modName}`);

/**
 * Every page element is keyed by its channel: the routes share components, and without a key
 * React would carry one channel's state (a ranking tab, a selection) into another. Each page's
 * code loads on demand (decision 018).
 */
function channelPages(modName: ModName): RouteObject[] {
  // A function, not one object spread twice: the router empties a `lazy` object once it has loaded.
  const categories = () => ({
    lazy: {
      element: async () => {
        const { CategoriesPage } = await import('./categories-page');
        return <CategoriesPage key={modName} modName={modName} />;
      },
    },
    handle: { title: CHANNEL_TITLES.categoriesTitle(modName) } satisfies RouteHandle,
  });
  const pages: RouteObject[] = [
    {
      path: modName,
      lazy: {
        element: async () => {
          const { LatestPage } = await import('./latest-page');
          return <LatestPage key={modName} modName={modName} />;
        },
      },
      handle: { title: CHANNEL_TITLES.latestTitle(modName) } satisfies RouteHandle,
    },
    {
      path: under('top', modName),
      lazy: {
        element: async () => {
          const { RankingPage } = await import('./ranking-page');
          return <RankingPage key={modName} modName={modName} />;
        },
      },
      handle: { title: CHANNEL_TITLES.rankingTitle(modName) } satisfies RouteHandle,
    },
    { path: `${under('tags', modName)}/index`, ...categories() },
    { path: `${under('tags', modName)}/:tagsId`, ...categories() },
  ];
  // `/tags/uncensored` alone would read "uncensored" as tag ids: send it to the channel's index.
  if (modName !== 'censored') {
    pages.push({ path: under('tags', modName), element: <Navigate to={tagsPath(modName)} replace /> });
  }
  return pages;
}

const search = () => ({
  lazy: { Component: async () => (await import('./search-page')).SearchPage },
  handle: { title: CHANNEL_TITLES.searchTitle } satisfies RouteHandle,
});

/**
 * Latest lists, search, rankings and categories (docs/product.md §2); app/routes.tsx places them in the main
 * layout.
 */
export const channelRoutes: RouteObject[] = [
  ...MOD_NAMES.flatMap(channelPages),
  { path: 'search/:keyword', ...search() },
  // An empty keyword is outside 1–32 characters: the search page says so (docs/product.md §5).
  { path: 'search', ...search() },
];
