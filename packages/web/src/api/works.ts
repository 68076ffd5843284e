import { API, type DateWindow, type ModName, type WorkSort } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { worksListGuard } from './works-list-guard';
import type { MagnetFilter } from '../session/magnet-filter';
import { sessionKeys } from '../session/session-end';

/** Params of GET /v2/works/detail/list as the client sends them (docs/product.md §7). */
export interface WorksListParams {
  modName?: ModName;
  pageNum?: number;
  pageSize?: number;
  sort?: WorkSort;
  date?: DateWindow;
  keyword?: string;
  /** Comma-separated tag ids. */
  tagsId?: string;
  makerId?: string;
  labelId?: string;
  seriesId?: string;
  directorId?: string;
  itemId?: string;
  performerId?: string;
}

/**
 * Query keys of the catalogue's works, for queries and invalidations alike: the home sections and
 * the detail (the paged lists' are components/work-list/work-list-keys.ts). Here, with the works
 * calls: several features and shared code use them, and shared code imports no feature (decision
 * 036). A list's key holds what changes the answer: its params and the session magnet filter
 * (the client adds `isDht` from it), so a change of either starts a new list.
 */
export const workKeys = {
  /** One page of works: a home section. */
  list: (params: WorksListParams, magnetFilter: MagnetFilter) =>
    ['works', 'list', params, magnetFilter] as const,
  /** One work's detail; every detail is under the session's prefix, as it carries the caller's flags. */
  detail: (id: string) => [...sessionKeys.workDetails, id] as const,
};

/**
 * One page of works, cached by its params and the session magnet filter (the client adds
 * `isDht` from it, so a change must fetch again).
 */
export function worksListOptions(params: WorksListParams, magnetFilter: MagnetFilter) {
  return queryOptions({
    queryKey: workKeys.list(params, magnetFilter),
    queryFn: ({ signal }) => api.get(API.worksList, { ...params }, { schema: worksListGuard, signal }),
  });
}
