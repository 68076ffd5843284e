import { API, ENTITY_TABLES, MOD_NAME, type ModId, PAGE_SIZE } from '@yingku/contract';
import type { Dice } from '../src/db/seed/demo-random';
import { getJson, type SigningKeys } from './signed-get';

const CHANNELS: ModId[] = [1, 2, 3];
/** Entity tables with their own filter parameter; performers are drawn from their own list. */
export const FILTER_TABLES = ENTITY_TABLES.filter((t) => t !== 'performer');
export type FilterTable = (typeof FILTER_TABLES)[number];

/** Something to filter by, with the channel whose lists show it, and its name (to search for). */
export interface PooledEntity {
  id: string;
  modId: ModId;
  name: string;
}

/**
 * Parameters drawn from the catalogue under test through its own API (so any database kind
 * works, and nothing is written): real works, tags, makers… of every channel, popular ones (the
 * sidebars' first pages) and long-tail ones (random later pages), plus how many pages exist.
 */
export interface ApiPools {
  /** Works of every channel, as the all-time latest list and rankings show them. */
  works: Array<{ id: string; number: string; title: string; modId: ModId }>;
  /** Works with members' reviews: the first pages of each channel's 热门评论 ranking (decision 044). */
  reviewed: string[];
  /** Works of each channel (all time), as the latest list counts them. */
  worksPerChannel: Record<ModId, number>;
  tags: PooledEntity[];
  entities: Record<FilterTable, PooledEntity[]>;
  performers: PooledEntity[];
  /** Pages of each sidebar (32 a page) per channel: tables by name, plus `performer`. */
  sidebarPages: Record<ModId, Record<string, number>>;
}

type ListBody<T> = { rows: T[]; total: number };
type WorkRow = { id: string; number: string; title: string };
type SidebarRow = { id: string; name: string; count: number };

/** How many random later pages of each list are read, beyond the first. */
const LATER_PAGES = 4;

/** Draws the pools; `dice` makes the choice of pages repeatable. */
export async function drawPools(baseUrl: string, keys: SigningKeys, dice: Dice): Promise<ApiPools> {
  const get = <T>(path: string, query: Record<string, string | number>) =>
    getJson<T>(baseUrl, { path, query: stringify(query) }, keys);

  const pools: ApiPools = {
    works: [],
    reviewed: [],
    worksPerChannel: { 1: 0, 2: 0, 3: 0 },
    tags: [],
    entities: { maker: [], label: [], series: [], director: [], item: [] },
    performers: [],
    sidebarPages: { 1: {}, 2: {}, 3: {} },
  };

  for (const modId of CHANNELS) {
    const modName = MOD_NAME[modId];
    const addWorks = (rows: WorkRow[]) =>
      pools.works.push(...rows.map((w) => ({ id: w.id, number: w.number, title: w.title, modId })));

    // Latest (newest first) and rankings (another slice of the catalogue), first and later pages.
    const latest = { modName, date: 999, pageSize: PAGE_SIZE.latest };
    const first = await get<ListBody<WorkRow>>(API.worksList, { ...latest, pageNum: 1 });
    pools.worksPerChannel[modId] = first.total;
    addWorks(first.rows);
    for (const pageNum of laterPages(dice, first.total, PAGE_SIZE.latest, 300)) {
      addWorks((await get<ListBody<WorkRow>>(API.worksList, { ...latest, pageNum })).rows);
    }
    const ranked = { modName, date: 999, sort: 'evaluates', pageSize: PAGE_SIZE.latest };
    for (const pageNum of laterPages(dice, first.total, PAGE_SIZE.latest, 300)) {
      addWorks((await get<ListBody<WorkRow>>(API.worksList, { ...ranked, pageNum })).rows);
    }
    for (const pageNum of [1, 2]) {
      const hot = await get<ListBody<WorkRow>>(API.worksList, { ...ranked, pageNum });
      pools.reviewed.push(...hot.rows.map((w) => w.id));
    }

    const groups = await get<{ data: Array<{ items: Array<{ id: string; name: string }> }> }>(
      API.tagChannel,
      { modId },
    );
    pools.tags.push(...groups.data.flatMap((g) => g.items.map((t) => ({ id: t.id, modId, name: t.name }))));

    for (const tableName of FILTER_TABLES) {
      const rows = await sidebarRows(dice, (pageNum) =>
        get<ListBody<SidebarRow>>(API.tagList, { tableName, modId, pageNum }),
      );
      pools.sidebarPages[modId][tableName] = rows.pages;
      pools.entities[tableName].push(...rows.entities.map((e) => ({ ...e, modId })));
    }
    const performers = await sidebarRows(dice, (pageNum) =>
      get<ListBody<SidebarRow>>(API.performerList, { modName, pageNum }),
    );
    pools.sidebarPages[modId].performer = performers.pages;
    pools.performers.push(...performers.entities.map((e) => ({ ...e, modId })));
  }
  return pools;
}

/** Entities (with works) of a sidebar's first page and a few random later ones, and its page count. */
async function sidebarRows(
  dice: Dice,
  page: (pageNum: number) => Promise<ListBody<SidebarRow>>,
): Promise<{ entities: Array<{ id: string; name: string }>; pages: number }> {
  const first = await page(1);
  const rows = [...first.rows];
  for (const pageNum of laterPages(dice, first.total, PAGE_SIZE.sidebar, Infinity)) {
    rows.push(...(await page(pageNum)).rows);
  }
  const byId = new Map(rows.filter((r) => r.count > 0).map((r) => [r.id, { id: r.id, name: r.name }]));
  return { entities: [...byId.values()], pages: Math.max(1, Math.ceil(first.total / PAGE_SIZE.sidebar)) };
}

/** Up to {@link LATER_PAGES} distinct page numbers in 2…min(last page, `cap`). */
function laterPages(dice: Dice, total: number, pageSize: number, cap: number): number[] {
  const last = Math.min(Math.ceil(total / pageSize), cap);
  if (last < 2) return [];
  const pages = new Set<number>();
  while (pages.size < Math.min(LATER_PAGES, last - 1)) pages.add(dice.int(2, last));
  return [...pages];
}

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

/** Works in the catalogue, as the latest lists count them. */
export function totalWorks(pools: ApiPools): number {
  return pools.worksPerChannel[1] + pools.worksPerChannel[2] + pools.worksPerChannel[3];
}
