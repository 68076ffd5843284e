import {
  ALL_TIME,
  type DateWindow,
  isInt64Id,
  LATEST_DEFAULTS,
  LIMITS,
  MOD_NAMES,
  type ModName,
  RANKING_DATE_WINDOWS,
  type WorkSort,
} from '@yingku/contract';
import type { WorksListParams } from '../../api/works';
import { validKeyword } from '../../components/channel-header/keyword';

/** What a list screen asks GET /v2/works/detail/list for, paging aside. */
export type ListParams = Omit<WorksListParams, 'pageNum' | 'pageSize'>;

/** A channel's latest list (docs/product.md §9: date 30, sort pubTime). */
export function latestParams(modName: ModName): ListParams {
  return { modName, sort: LATEST_DEFAULTS.sort, date: LATEST_DEFAULTS.date };
}

/**
 * The keyword of a search route, trimmed, or null when it is outside 1–32 characters (docs/product.md §5).
 */
export function searchKeyword(raw: string | undefined): string | null {
  const keyword = (raw ?? '').trim();
  return validKeyword(keyword) ? keyword : null;
}

/** Search tabs (docs/product.md §2): all channels, then each channel alone. */
export const SEARCH_TABS = ['all', ...MOD_NAMES] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export function parseSearchTab(raw: string | null): SearchTab {
  return SEARCH_TABS.find((tab) => tab === raw) ?? 'all';
}

/** Search results of every date, newest first; `modName` only when a channel tab is chosen. */
export function searchParams(keyword: string, tab: SearchTab): ListParams {
  return {
    keyword,
    ...(tab === 'all' ? {} : { modName: tab }),
    sort: 'pubTime',
    date: ALL_TIME,
  };
}

/** Ranking tabs (docs/product.md §2): collection ranking and hot comments exist for censored only. */
export function rankingSorts(modName: ModName): readonly WorkSort[] {
  return modName === 'censored' ? ['pubTime', 'collect', 'evaluates', 'average'] : ['pubTime', 'average'];
}

/** Date chips of the rankings (docs/product.md §9). */
export function rankingDates(modName: ModName): readonly DateWindow[] {
  return RANKING_DATE_WINDOWS[modName];
}

export interface RankingChoice {
  sort: WorkSort;
  /** The chosen chip; the latest-release tab always looks at all time (docs/product.md §9). */
  date: DateWindow;
}

/**
 * The ranking tab and date chip from the page's query string; anything the channel does not
 * offer falls back to its first tab and first chip.
 */
export function parseRanking(
  modName: ModName,
  sortRaw: string | null,
  dateRaw: string | null,
): RankingChoice {
  const sorts = rankingSorts(modName);
  const dates = rankingDates(modName);
  const sort = sorts.find((s) => s === sortRaw) ?? sorts[0]!;
  if (sort === 'pubTime') return { sort, date: ALL_TIME };
  const date = dates.find((d) => String(d) === dateRaw) ?? dates[0]!;
  return { sort, date };
}

export function rankingParams(modName: ModName, choice: RankingChoice): ListParams {
  return { modName, sort: choice.sort, date: choice.sort === 'pubTime' ? ALL_TIME : choice.date };
}

/**
 * The selected tag ids of a category route (`/tags/3,7`): positive integers, each once, at most
 * {@link LIMITS.maxTagsPerFilter}; `index` or anything else means no selection.
 */
export function parseTagIds(raw: string | undefined): string[] {
  if (!raw) return [];
  const ids = raw.split(',').filter(isInt64Id);
  return [...new Set(ids)].slice(0, LIMITS.maxTagsPerFilter);
}

/**
 * The whole selection after one group's selector changed: tags of other groups stay, tags of
 * this group become `groupSelected`; the order of selection is kept and new tags go last.
 */
export function replaceGroupSelection(
  selected: readonly string[],
  groupIds: readonly string[],
  groupSelected: readonly string[],
): string[] {
  const kept = selected.filter((id) => !groupIds.includes(id) || groupSelected.includes(id));
  return [...kept, ...groupSelected.filter((id) => !selected.includes(id))];
}

/** A category page's works: every date, newest first, all selected tags at once (AND). */
export function categoriesParams(modName: ModName, tagIds: readonly string[]): ListParams {
  return {
    modName,
    ...(tagIds.length > 0 ? { tagsId: tagIds.join(',') } : {}),
    sort: 'pubTime',
    date: ALL_TIME,
  };
}
