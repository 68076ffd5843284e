/**
 * The interface's script (decision 046): 简体中文, as docs/product.md §2 shows it, or 繁體中文 for readers of
 * traditional characters. Kept on the device; a 繁體 page is converted once the app has taken it
 * over (session/traditional.ts, a chunk only those readers load).
 */
export type ChineseScript = 'hans' | 'hant';

/** Where the device keeps a 繁體 choice (none: 简体). */
export const SCRIPT_KEY = 'chineseScript';

export function storedScript(): ChineseScript {
  try {
    return localStorage.getItem(SCRIPT_KEY) === 'hant' ? 'hant' : 'hans';
  } catch {
    return 'hans';
  }
}
