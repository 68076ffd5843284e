/** The search box's placeholder and accessible name (docs/product.md §2 gives no text for it). */
export const SEARCH_PLACEHOLDER = '搜索番号、标题';
