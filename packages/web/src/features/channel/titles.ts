import { CHANNEL_LABEL, type ModName } from '@yingku/contract';

/**
 * The channel screens' titles: what their routes (in every screen's frame) need of the texts,
 * apart from the rest of CHANNEL_TEXT, which comes with the screens.
 */
export const CHANNEL_TITLES = {
  latestTitle: (modName: ModName) => `${CHANNEL_LABEL[modName]}最新`,
  rankingTitle: (modName: ModName) => `${CHANNEL_LABEL[modName]}排行`,
  categoriesTitle: (modName: ModName) => `${CHANNEL_LABEL[modName]}分类`,
  searchTitle: '搜索结果',
} as const;
