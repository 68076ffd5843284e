import { LIMITS } from '@yingku/contract';

/** Whether a search keyword obeys docs/product.md §5 (1–32 characters after trimming). */
export function validKeyword(keyword: string): boolean {
  const length = keyword.trim().length;
  return length >= LIMITS.keywordMin && length <= LIMITS.keywordMax;
}
