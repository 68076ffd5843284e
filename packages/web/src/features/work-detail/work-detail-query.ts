import { API, fillPath, type WorkDetailResponse } from '@yingku/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { takeFirstScreenDetail } from '../../app/first-screen';
import { hasStoredSession } from '../../session/auth-storage';
import { workKeys } from '../../api/works';

/** A work's detail (GET /v2/works/detail/{id}), cached by id. */
export function workDetailOptions(id: string) {
  return queryOptions({
    queryKey: workKeys.detail(id),
    queryFn: async ({ signal }) => {
      const { workDetailResponse } = await import('./detail-schema');
      return api.get(fillPath(API.workDetail, { id }), {}, { schema: workDetailResponse, signal });
    },
  });
}

/**
 * The detail the page came with (decision 029) into the cache, so the first screen renders
 * without a signed call, and without zod (which checks a fetched answer). Only for a visitor:
 * it is the anonymous answer (collect and like false), while a member's carries their own flags.
 */
export function seedWorkDetail(queryClient: QueryClient, id: string): void {
  const answer = takeFirstScreenDetail(id);
  if (!answer || hasStoredSession()) return;
  const { queryKey } = workDetailOptions(id);
  if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, answer);
}

/** Sets the caller's like / collect flags in the cached detail (the page shows them from there). */
export function setWorkFlags(
  queryClient: QueryClient,
  id: string,
  flags: Partial<Pick<WorkDetailResponse, 'like' | 'collect'>>,
): void {
  queryClient.setQueryData(workDetailOptions(id).queryKey, (detail) => detail && { ...detail, ...flags });
}
