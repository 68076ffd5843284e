/** The provider's display name carried in magnet links (SPEC §9). */
export const MAGNET_DISPLAY_NAME = '影库';

/** A magnet link built from an info hash, with the provider's display name. */
export function magnetLink(infoHash: string): string {
  return `magnet:?xt=urn:btih:${infoHash.toLowerCase()}&dn=${encodeURIComponent(MAGNET_DISPLAY_NAME)}`;
}

/**
 * A magnet size for people (SPEC §9): 0 → 0KB; under 1000 KB in KB; from there to about
 * 1 GB in MB; above that in GB; anything that is not a size → 未知.
 */
export function formatSize(bytes: number | string | null | undefined): string {
  const value = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return '未知';
  if (value === 0) return '0KB';
  const kb = value / 1024;
  if (kb < 1000) return `${round2(kb)}KB`;
  const mb = kb / 1024;
  if (mb < 1000) return `${round2(mb)}MB`;
  return `${round2(mb / 1024)}GB`;
}

function round2(n: number): string {
  return String(Math.round(n * 100) / 100);
}
