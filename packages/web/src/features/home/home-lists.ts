import { ALL_TIME, type FirstScreenList, HOME_SECTION_SIZE, MOD_NAMES, type ModName } from '@yingku/contract';
import type { QueryClient } from '@tanstack/react-query';
import { worksListOptions } from '../../api/works';
import { worksListGuard } from '../../api/works-list-guard';
import { firstScreenData } from '../../app/first-screen';
import { getMagnetFilter, type MagnetFilter } from '../../session/magnet-filter';

export { HOME_SECTION_SIZE };

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
  seedHomeLists(queryClient, magnetFilter, firstScreenData().lists ?? []);
  for (const modName of MOD_NAMES) void queryClient.prefetchQuery(homeSectionOptions(modName, magnetFilter));
  return null;
}

/**
 * The lists the page came with (decision 029), into the cache under the keys the sections ask
 * by, when they are for this session's magnet filter: the sections then render at once, with no
 * signed call first. Checked by the list's own guard, as an API answer is.
 */
export function seedHomeLists(
  queryClient: QueryClient,
  magnetFilter: MagnetFilter,
  lists: readonly FirstScreenList[],
): void {
  for (const { query, answer } of lists) {
    const sameList =
      query.isDht === magnetFilter &&
      query.pageNum === 1 &&
      query.pageSize === HOME_SECTION_SIZE &&
      query.sort === 'pubTime' &&
      query.date === ALL_TIME;
    if (!sameList) continue;
    const { queryKey } = homeSectionOptions(query.modName, magnetFilter);
    if (queryClient.getQueryData(queryKey) !== undefined) continue;
    try {
      queryClient.setQueryData(queryKey, worksListGuard.parse(answer));
    } catch {
      // Not the shape the app knows (a release apart): the section asks the API instead.
    }
  }
}
