import { API, PAGE_SIZE, performerListResponse, tagListResponse } from '@yingku/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { sidebarKeys } from './sidebar-keys';
import { performerEntries, type SidebarEntry, type SidebarSource, tagEntries } from './sidebar-source';

export interface SidebarPage {
  entries: SidebarEntry[];
  total: number;
}

async function fetchSidebarPage(source: SidebarSource, pageNum: number, signal: AbortSignal) {
  const paging = { pageNum, pageSize: PAGE_SIZE.sidebar };
  if (source.type === 'performer') {
    const body = await api.get(
      API.performerList,
      // Most works in the listed channel first.
      {
        ...paging,
        modName: source.modName,
        sort: source.modName === 'uncensored' ? 'uncensoredCount' : 'count',
      },
      { schema: performerListResponse, signal, silent: 'answers' },
    );
    return { entries: performerEntries(body.rows, source.modName), total: body.total };
  }
  const body = await api.get(
    API.tagList,
    { ...paging, tableName: source.tableName, modId: source.modId },
    { schema: tagListResponse, signal, silent: 'answers' },
  );
  return { entries: tagEntries(body.rows), total: body.total };
}

/**
 * One page of a sidebar (docs/product.md §9: 32 entries). The previous page stays on screen while the
 * next one loads; it offers a retry on failure, with only the transport toasts of docs/product.md §8.
 */
export function useSidebarPage(source: SidebarSource, pageNum: number, enabled = true) {
  return useQuery<SidebarPage>({
    enabled,
    queryKey: sidebarKeys.page(source, pageNum),
    queryFn: ({ signal }) => fetchSidebarPage(source, pageNum, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * An entry from any page of this sidebar loaded so far, so the selected entity keeps its name
 * while the sidebar shows another page. Call it where the sidebar's pages are observed: it reads
 * the cache and re-renders with them.
 */
export function useLoadedEntry(source: SidebarSource, id: string | undefined): SidebarEntry | undefined {
  const queryClient = useQueryClient();
  if (id === undefined) return undefined;
  for (const [, page] of queryClient.getQueriesData<SidebarPage>({ queryKey: sidebarKeys.source(source) })) {
    const entry = page?.entries.find((e) => e.id === id);
    if (entry) return entry;
  }
  return undefined;
}
