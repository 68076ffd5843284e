import { API, fillPath, workDetailResponse } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

/** A work's detail (GET /v2/works/detail/{id}), cached by id. */
export function workDetailOptions(id: string) {
  return queryOptions({
    queryKey: ['works', 'detail', id] as const,
    queryFn: ({ signal }) =>
      api.get(fillPath(API.workDetail, { id }), {}, { schema: workDetailResponse, signal }),
  });
}
