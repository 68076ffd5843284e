/** Interface texts of magnet lists and copying that docs/product.md does not spell. */
export const MAGNET_TEXT = {
  copy: '复制',
  copyMagnet: '复制磁力链接',
  hd: 'HD',
  subtitle: '字幕',
  retry: '重新加载',
  loadFailed: '磁力链接加载失败',
  cancel: '取消',
  upgrade: '升级VIP',
} as const;
