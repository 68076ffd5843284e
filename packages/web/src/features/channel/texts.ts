import { CHANNEL_LABEL, type ModName } from '@yingku/contract';
import { CHANNEL_TITLES } from './titles';

/** Texts of the channel lists, search, rankings and categories that docs/product.md does not spell. */
export const CHANNEL_TEXT = {
  ...CHANNEL_TITLES,
  searchAll: '全部',
  searchOnly: (modName: ModName) => CHANNEL_LABEL[modName],
  searchTabsLabel: '搜索范围',
  rankingTabsLabel: '排行方式',
  rankingDatesLabel: '时间范围',
  sortPubTime: '最新发布',
  sortCollect: '收藏排行',
  sortEvaluates: '热门评论',
  sortAverage: '高分推荐',
  dateWindow: (days: number) => (days === 999 ? '全部' : days === 365 ? '近一年' : `近${days}天`),
  total: (count: number) => `共 ${count} 部`,
  selected: '已选',
  clearTags: '清除',
  removeTag: (name: string) => `移除 ${name}`,
  pickTagsHint: '选择标签筛选作品，可多选',
  tooManyTags: (max: number) => `最多同时选择${max}个标签`,
  tagsFailed: '分类加载失败',
  /** Accessible name of the entities a search keyword names, above the works. */
  matchesLabel: '相关演员与厂商',
} as const;
