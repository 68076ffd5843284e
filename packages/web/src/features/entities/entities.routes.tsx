import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { EntityPage } from './entity-page';
import { ENTITY_SCREENS } from './entity-screens';

/**
 * Maker, label, series, director, same-type and performer screens (SPEC §2). Each is one route
 * `kind/:id` whose `:id` is an entity id or `index`, so moving between entries keeps the page
 * (and its sidebar) mounted.
 */
export const entitiesRoutes: RouteObject[] = ENTITY_SCREENS.map((screen) => ({
  path: screen.routePath,
  element: <EntityPage key={screen.routePath} screen={screen} />,
  handle: { title: screen.title } satisfies RouteHandle,
}));
