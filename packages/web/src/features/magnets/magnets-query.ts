import { API, magnetsResponse } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { magnetKeys } from './magnet-keys';
import { magnetsParams } from './magnets-params';

/** The magnets of a work number (GET /v2/dht/list), cached by number. */
export function magnetsOptions(number: string) {
  return queryOptions({
    queryKey: magnetKeys.ofNumber(number),
    queryFn: ({ signal }) => api.get(API.magnets, magnetsParams(number), { schema: magnetsResponse, signal }),
  });
}
