/**
 * The fields that differ between two states of an object, as the audit log keeps them: before
 * and after, each holding only those fields (compared as JSON, so arrays and dates compare by value).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): [Partial<T>, Partial<T>] {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys({ ...before, ...after }) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return [was, is];
}
