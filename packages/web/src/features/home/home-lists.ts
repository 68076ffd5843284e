import { ALL_TIME, MOD_NAMES, type ModName } from '@yingku/contract';
import type { QueryClient } from '@tanstack/react-query';
import { worksListOptions } from '../../api/works';
import { getMagnetFilter, type MagnetFilter } from '../../session/magnet-filter';

/** Works per section: enough for full rows at 2, 4 and 8 columns (CSS shows 6 at 3 and 6). */
export const HOME_SECTION_SIZE = 8;

/** A home section's list: the channel's newest works of all time. */
export const homeSectionOptions = (modName: ModName, magnetFilter: MagnetFilter) =>
  worksListOptions(
    { modName, pageNum: 1, pageSize: HOME_SECTION_SIZE, sort: 'pubTime', date: ALL_TIME },
    magnetFilter,
  );

/**
 * The /index route's loader: asks for the three sections' lists as the route is matched, not
 * once the page has rendered, so they travel while React renders (decision 018). It does not
 * wait for them: the page shows its skeletons meanwhile, and fresh lists are not asked again.
 */
export function prefetchHomeLists(queryClient: QueryClient): null {
  const magnetFilter = getMagnetFilter();
  for (const modName of MOD_NAMES) void queryClient.prefetchQuery(homeSectionOptions(modName, magnetFilter));
  return null;
}
