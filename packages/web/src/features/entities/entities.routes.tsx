import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { ENTITY_SCREENS } from './entity-screens';

/**
 * Maker, label, series, director, same-type and performer screens (docs/product.md §2). Each is one route
 * `kind/:id` whose `:id` is an entity id or `index`, so moving between entries keeps the page
 * (and its sidebar) mounted. The page's code loads on demand (decision 018).
 */
export const entitiesRoutes: RouteObject[] = ENTITY_SCREENS.map((screen) => ({
  path: screen.routePath,
  lazy: {
    element: async () => {
      const { EntityPage } = await import('./entity-page');
      return <EntityPage key={screen.routePath} screen={screen} />;
    },
  },
  handle: { title: screen.title } satisfies RouteHandle,
}));
