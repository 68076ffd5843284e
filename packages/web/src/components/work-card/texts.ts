/** Interface texts of the work card that docs/product.md does not spell. */
export const WORK_CARD_TEXT = {
  online: '在线',
  transcoding: '转码中',
  magnet: '磁力',
  showMagnets: '查看磁力链接',
} as const;
