import { API, MOD_ID, type ModName, tagChannelResponse } from '@yingku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { channelKeys } from './channel-keys';

/** Tag groups of a channel (GET /v2/tag/channel); they change only with imports, so cache them long. */
export function tagGroupsOptions(modName: ModName) {
  return queryOptions({
    queryKey: channelKeys.tagGroups(modName),
    queryFn: ({ signal }) =>
      api.get(API.tagChannel, { modId: MOD_ID[modName] }, { schema: tagChannelResponse, signal }),
    select: (body) => body.data,
    staleTime: 10 * 60_000,
  });
}
