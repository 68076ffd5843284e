import { API, type DateWindow, type ModName, type WorkSort, worksListResponse } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

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

/** One page of works, cached by its params. */
export function worksListOptions(params: WorksListParams) {
  return queryOptions({
    queryKey: ['works', 'list', params] as const,
    queryFn: ({ signal }) => api.get(API.worksList, { ...params }, { schema: worksListResponse, signal }),
  });
}
