import { API, type DateWindow, type ModName, type WorkSort } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { worksListGuard } from './works-list-guard';
import type { MagnetFilter } from '../session/magnet-filter';
import { sessionKeys } from '../session/session-end';

/** Params of GET /v2/works/detail/list as the client sends them (SPEC §7). */
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
 * Query keys of the catalogue's works, for queries and invalidations alike: the home sections,
 * every paged list (components/work-list), the detail. Here, with the works calls: the lists of
 * several features and shared components use them, and shared code imports no feature (decision
 * 036). Each key holds what changes the answer: a list's params and the session magnet filter
 * (the client adds `isDht` from it), so a change of either starts a new list.
 */
export const workKeys = {
  /** One page of works: a home section. */
  list: (params: WorksListParams, magnetFilter: MagnetFilter) =>
    ['works', 'list', params, magnetFilter] as const,
  /** Every loaded page of one paged list, whatever its page size and filter: a reload resets them. */
  pagesOf: (params: WorksListParams) => ['works', 'pages', params] as const,
  /** The loaded pages of a paged list (load-more). */
  pages: (params: WorksListParams, pageSize: number, magnetFilter: MagnetFilter) =>
    [...workKeys.pagesOf(params), pageSize, magnetFilter] as const,
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
