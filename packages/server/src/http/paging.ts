/**
 * Paged lists (docs/product.md §9): the API counts pages from 1 (`pageNum`, `pageSize`), the SQL skips rows.
 * The one place that turns the one into the other.
 */

/** Rows before page `pageNum` of `pageSize` rows: the SQL OFFSET. */
export function pageOffset(pageNum: number, pageSize: number): number {
  return (pageNum - 1) * pageSize;
}
