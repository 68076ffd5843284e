/** Texts of the entity sidebar that docs/product.md does not spell. */
export const SIDEBAR_TEXT = {
  previousPage: '上一页',
  nextPage: '下一页',
  empty: '暂无数据',
} as const;

/** "1/2": the sidebar's page out of its page count. */
export function pageOfText(page: number, pageCount: number): string {
  return `${page}/${pageCount}`;
}
