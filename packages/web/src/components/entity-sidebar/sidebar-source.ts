import { LIMITS, type ModId, type PerformerRow, type EntityCountRow } from '@yingku/contract';

/**
 * Where a sidebar's entries come from (docs/product.md §7): the tag list of a table, or the performer list.
 */
export type SidebarSource =
  | { type: 'tag'; tableName: 'maker' | 'label' | 'series' | 'director' | 'item'; modId: ModId }
  | { type: 'performer'; modName: 'censored' | 'uncensored' };

/** One sidebar entry: an entity and its number of works in the sidebar's channel. */
export interface SidebarEntry {
  id: string;
  name: string;
  count: number;
}

/** Tag-list rows as they are. */
export function tagEntries(rows: readonly EntityCountRow[]): SidebarEntry[] {
  return rows.map(({ id, name, count }) => ({ id, name, count }));
}

/** Performer rows with the count of the listed channel: `uncensoredCount` on the uncensored list. */
export function performerEntries(
  rows: readonly PerformerRow[],
  modName: 'censored' | 'uncensored',
): SidebarEntry[] {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    count: modName === 'uncensored' ? row.uncensoredCount : row.count,
  }));
}

/** Pages of a sidebar list; an empty list still has one (empty) page. */
export function sidebarPageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The sidebar page of a `?page=` value: a whole number from 1, else 1. */
export function parseSidebarPage(value: string | null): number {
  if (value === null || !/^[1-9]\d{0,3}$/.test(value)) return 1;
  return Math.min(Number(value), LIMITS.maxPageNum);
}
