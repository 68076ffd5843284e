import { ALL_TIME, isInt64Id, type ModId, type ModName } from '@yingku/contract';
import type { WorksListParams } from '../../api/works';
import { entityPath, makerPath, performerPath } from '../../app/paths';
import type { SidebarSource } from '../../components/entity-sidebar/sidebar-source';
import { ENTITY_TEXT } from './texts';

/** The works-list filter each kind of entity sets (docs/product.md §7). */
export type EntityWorksParam = 'makerId' | 'labelId' | 'seriesId' | 'directorId' | 'itemId' | 'performerId';

/** One entity screen of docs/product.md §2: a sidebar of entities beside the works of the selected one. */
export interface EntityScreen {
  /** Route pattern under the main layout; `:id` is an entity id or `index`. */
  routePath: string;
  title: string;
  /** Channel of the works, the sidebar and the header. */
  modName: ModName;
  /** Key of the header's menu entry to highlight; '' highlights none. */
  menuKey: string;
  sidebar: SidebarSource;
  worksParam: EntityWorksParam;
  /** The route of one entity of this screen. */
  path: (id: string) => string;
}

const tagSidebar = (tableName: 'maker' | 'label' | 'series' | 'director' | 'item', modId: ModId) =>
  ({ type: 'tag', tableName, modId }) as const;

/**
 * Every entity screen. Censored makers, labels, series, directors and same-type lists use
 * modId 1; the uncensored and western maker pages list their own channel's makers (modId 2, 3).
 * The uncensored header has no maker entry and western none at all, so they highlight nothing.
 */
export const ENTITY_SCREENS = [
  {
    routePath: 'maker/uncensored/:id',
    title: ENTITY_TEXT.uncensoredMakerTitle,
    modName: 'uncensored',
    menuKey: '',
    sidebar: tagSidebar('maker', 2),
    worksParam: 'makerId',
    path: (id) => makerPath('uncensored', id),
  },
  {
    routePath: 'maker/western/:id',
    title: ENTITY_TEXT.westernMakerTitle,
    modName: 'western',
    menuKey: '',
    sidebar: tagSidebar('maker', 3),
    worksParam: 'makerId',
    path: (id) => makerPath('western', id),
  },
  {
    routePath: 'maker/:id',
    title: ENTITY_TEXT.makerTitle,
    modName: 'censored',
    menuKey: 'maker',
    sidebar: tagSidebar('maker', 1),
    worksParam: 'makerId',
    path: (id) => makerPath('censored', id),
  },
  {
    routePath: 'label/:id',
    title: ENTITY_TEXT.labelTitle,
    modName: 'censored',
    menuKey: 'label',
    sidebar: tagSidebar('label', 1),
    worksParam: 'labelId',
    path: (id) => entityPath('label', id),
  },
  {
    routePath: 'series/:id',
    title: ENTITY_TEXT.seriesTitle,
    modName: 'censored',
    menuKey: 'series',
    sidebar: tagSidebar('series', 1),
    worksParam: 'seriesId',
    path: (id) => entityPath('series', id),
  },
  {
    routePath: 'director/:id',
    title: ENTITY_TEXT.directorTitle,
    modName: 'censored',
    menuKey: 'director',
    sidebar: tagSidebar('director', 1),
    worksParam: 'directorId',
    path: (id) => entityPath('director', id),
  },
  {
    routePath: 'item/:id',
    title: ENTITY_TEXT.itemTitle,
    modName: 'censored',
    menuKey: 'item',
    sidebar: tagSidebar('item', 1),
    worksParam: 'itemId',
    path: (id) => entityPath('item', id),
  },
  {
    routePath: 'performer/uncensored/:id',
    title: ENTITY_TEXT.uncensoredPerformerTitle,
    modName: 'uncensored',
    menuKey: 'performer',
    sidebar: { type: 'performer', modName: 'uncensored' },
    worksParam: 'performerId',
    path: (id) => performerPath('uncensored', id),
  },
  {
    routePath: 'performer/:id',
    title: ENTITY_TEXT.performerTitle,
    modName: 'censored',
    menuKey: 'performer',
    sidebar: { type: 'performer', modName: 'censored' },
    worksParam: 'performerId',
    path: (id) => performerPath('censored', id),
  },
] as const satisfies readonly EntityScreen[];

/** The `:id` of an entity screen's index route. */
export const INDEX_ID = 'index';

/** Whether a route parameter can be an entity id: a positive 64-bit decimal, as the API accepts. */
export const isEntityId = isInt64Id;

/** What an entity screen shows for its route parameter. */
export type EntitySelection =
  /** The works of this entity. */
  | { state: 'entity'; id: string }
  /** The index route while its sidebar's first page has not answered (or is empty). */
  | { state: 'waiting' }
  /** Not an id: a message, and no call. */
  | { state: 'bad-id' };

/** `index` selects the first entry of the sidebar's first page; anything else must be an id. */
export function selectEntity(routeId: string | undefined, firstEntryId: string | undefined): EntitySelection {
  if (routeId === undefined || routeId === INDEX_ID) {
    return firstEntryId === undefined ? { state: 'waiting' } : { state: 'entity', id: firstEntryId };
  }
  return isEntityId(routeId) ? { state: 'entity', id: routeId } : { state: 'bad-id' };
}

/** Works of the selected entity: its channel, all time, newest first (docs/product.md §9 "date 999"). */
export function entityWorksParams(
  screen: Pick<EntityScreen, 'modName' | 'worksParam'>,
  id: string,
): Omit<WorksListParams, 'pageNum' | 'pageSize'> {
  return { modName: screen.modName, sort: 'pubTime', date: ALL_TIME, [screen.worksParam]: id };
}
