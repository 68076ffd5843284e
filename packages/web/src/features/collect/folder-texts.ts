import { LIMITS } from '@yingku/contract';

/** Texts of the folder picker and new-folder popups, loaded with them on the first tap. */
export const FOLDER_TEXT = {
  pickerTitle: '选择收藏夹',
  pickerHint: `最多可选${LIMITS.foldersPerWork}个`,
  selectedCount: (count: number) => `已选 ${count}/${LIMITS.foldersPerWork}`,
  newFolder: '新建收藏夹',
  done: '完成',
  saved: '收藏夹已更新',
  uncollected: '已取消收藏',
  defaultFolder: '默认',
  privateFolder: '私密',
  noFolders: '暂无收藏夹',
  loadFailed: '收藏夹加载失败',
  retry: '重新加载',
  loadMore: '加载更多',
  newFolderTitle: '新建收藏夹',
  folderName: '名称',
  folderNamePlaceholder: `必填，最多${LIMITS.folderNameMax}个字符`,
  description: '描述',
  descriptionPlaceholder: `选填，最多${LIMITS.folderDescriptionMax}个字符`,
  isPrivate: '设为私密',
  create: '创建',
  cancel: '取消',
} as const;
