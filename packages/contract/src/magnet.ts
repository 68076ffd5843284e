/** The provider's display name carried in magnet links (docs/product.md §9). */
export const MAGNET_DISPLAY_NAME = '影库';

/** A magnet link built from an info hash, with the provider's display name. */
export function magnetLink(infoHash: string): string {
  return `magnet:?xt=urn:btih:${infoHash.toLowerCase()}&dn=${encodeURIComponent(MAGNET_DISPLAY_NAME)}`;
}

/** Magnet size units, smallest first (docs/product.md §9); the last takes every larger size. */
const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/** A size is shown in a unit while it rounds to less than this many of it (docs/product.md §9: under 1000). */
const NEXT_UNIT_AT = 1000;

/**
 * A magnet size for people (docs/product.md §9): 0 → 0KB; under 1000 KB in KB; from there to about
 * 1 GB in MB; above that in GB; anything that is not a size → 未知. The unit is chosen on the
 * rounded figure, so a size that would round to 1000 of a unit shows in the next (0.98MB, never
 * 1000KB).
 */
export function formatSize(bytes: number | string | null | undefined): string {
  const value = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return '未知';
  if (value === 0) return '0KB';
  let amount = value / 1024;
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && round2(amount) >= NEXT_UNIT_AT) {
    amount /= 1024;
    unit += 1;
  }
  return `${String(round2(amount))}${SIZE_UNITS[unit]}`;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
