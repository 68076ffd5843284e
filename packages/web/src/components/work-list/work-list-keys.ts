import type { MagnetFilter } from '../../session/magnet-filter';
import type { WorksListParams } from '../../api/works';

/**
 * Query keys of the paged works lists (load-more), for queries and invalidations alike. Beside
 * the list, not with the works calls' keys (api/works.ts): only the lazily loaded list screens
 * use them, and the first page's chunk carries those.
 */
export const workListKeys = {
  /** Every loaded page of one list, whatever its page size and filter: a reload resets them. */
  pagesOf: (params: WorksListParams) => ['works', 'pages', params] as const,
  /** The loaded pages of a list; a change of params or filter starts again at page 1. */
  pages: (params: WorksListParams, pageSize: number, magnetFilter: MagnetFilter) =>
    [...workListKeys.pagesOf(params), pageSize, magnetFilter] as const,
};
