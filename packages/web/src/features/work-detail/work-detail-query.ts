import { API, fillPath, type WorkDetailResponse, workDetailResponse } from '@yingku/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

/** A work's detail (GET /v2/works/detail/{id}), cached by id. */
export function workDetailOptions(id: string) {
  return queryOptions({
    queryKey: ['works', 'detail', id] as const,
    queryFn: ({ signal }) =>
      api.get(fillPath(API.workDetail, { id }), {}, { schema: workDetailResponse, signal }),
  });
}

/** Sets the caller's like / collect flags in the cached detail (the page shows them from there). */
export function setWorkFlags(
  queryClient: QueryClient,
  id: string,
  flags: Partial<Pick<WorkDetailResponse, 'like' | 'collect'>>,
): void {
  queryClient.setQueryData(workDetailOptions(id).queryKey, (detail) => detail && { ...detail, ...flags });
}
