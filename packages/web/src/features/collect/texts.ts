import { LIMITS } from '@yingku/contract';

/**
 * Interface texts of collecting a work and its folders that docs/product.md does not spell: the collect
 * control's own here, the folder popups' in folder-texts.ts (loaded with the popups, decision 035).
 */
export const COLLECT_TEXT = {
  /** docs/product.md §4: the 5-second message after a collect into the default folder. */
  addedToDefault: '已添加到默认收藏夹',
  change: '更改',
  tooManyFolders: `每部作品最多收藏到${LIMITS.foldersPerWork}个收藏夹`,
} as const;
