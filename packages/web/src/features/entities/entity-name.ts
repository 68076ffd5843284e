import type { WorkDetailResponse } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { workDetailOptions } from '../work-detail/work-detail-query';
import type { EntityWorksParam } from './entity-screens';

const DETAIL_LIST = {
  makerId: 'maker',
  labelId: 'label',
  seriesId: 'series',
  directorId: 'director',
  itemId: 'item',
  performerId: 'performer',
} as const satisfies Record<EntityWorksParam, keyof WorkDetailResponse>;

/** The entity's name as a work's detail lists it (the name the sidebar shows), if it is there. */
export function entityNameIn(
  detail: Pick<WorkDetailResponse, (typeof DETAIL_LIST)[EntityWorksParam]>,
  worksParam: EntityWorksParam,
  id: string,
): string | undefined {
  return detail[DETAIL_LIST[worksParam]]?.find((entity) => entity.id === id)?.name;
}

/**
 * The name of an entity that is on no loaded page of the sidebar (a link from a work's detail
 * to an entity far down the list): read from the detail of its first work, which lists it.
 * Asks nothing while `firstWorkId` is unknown or the sidebar already named it.
 */
export function useEntityNameFromWork(
  worksParam: EntityWorksParam,
  id: string,
  firstWorkId: string | undefined,
  enabled: boolean,
): string | undefined {
  const detail = useQuery({
    ...workDetailOptions(firstWorkId ?? ''),
    enabled: enabled && firstWorkId !== undefined,
    select: (data) => entityNameIn(data, worksParam, id),
  });
  return detail.data;
}
