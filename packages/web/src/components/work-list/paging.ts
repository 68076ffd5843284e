/** The page after the last one loaded, or undefined when the list is finished (docs/product.md §4). */
export function nextPageNum(lastRows: number, total: number, lastPageNum: number, pageSize: number) {
  if (lastRows === 0) return undefined; // an empty page ends the list
  if (lastPageNum * pageSize >= total) return undefined;
  return lastPageNum + 1;
}
