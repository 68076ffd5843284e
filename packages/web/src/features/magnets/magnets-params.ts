import { PAGE_SIZE } from '@yingku/contract';

/**
 * The detail page's magnet lookup exactly as docs/product.md §7 gives it: the work number as keyword,
 * one page of 48, ordered by dht, and the fixed data/category/modId/remark values.
 */
export function magnetsParams(number: string) {
  return {
    keyword: number,
    pageSize: PAGE_SIZE.magnets,
    pageNum: 1,
    order: 'dht',
    data: 0,
    category: 'video',
    modId: 3,
    remark: 'dht',
  } as const;
}
