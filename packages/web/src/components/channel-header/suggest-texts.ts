import type { EntityMatchKind } from '@yingku/contract';

// Texts of the search's suggestions and names (decision 043): loaded with them, not with every screen's
// frame.

/** What a performer, maker, label… is called where a search names one. */
export const ENTITY_KIND_LABEL = {
  performer: '女优',
  maker: '制作商',
  label: '发行商',
  series: '系列',
  director: '导演',
  item: '同类',
  tag: '类别',
} as const satisfies Record<EntityMatchKind, string>;

/** The search box's suggestions while typing and its recent searches (decision 043). */
export const SUGGEST_TEXT = {
  /** Accessible name of the list of suggestions. */
  listLabel: '搜索建议',
  recentTitle: '最近搜索',
  clearRecent: '清除',
  clearRecentLabel: '清除最近搜索',
  /** Accessible name of a work suggestion: the number, then the title. */
  work: (number: string, title: string) => `${number} ${title}`,
} as const;
