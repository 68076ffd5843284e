import { API, type DateWindow, type ModName, type WorkSort } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { worksListGuard } from './works-list-guard';
import type { MagnetFilter } from '../session/magnet-filter';

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
 * One page of works, cached by its params and the session magnet filter (the client adds
 * `isDht` from it, so a change must fetch again).
 */
export function worksListOptions(params: WorksListParams, magnetFilter: MagnetFilter) {
  return queryOptions({
    queryKey: ['works', 'list', params, magnetFilter] as const,
    queryFn: ({ signal }) => api.get(API.worksList, { ...params }, { schema: worksListGuard, signal }),
  });
}
