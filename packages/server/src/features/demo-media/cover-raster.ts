import sharp from 'sharp';

/** How many rasterised covers stay in memory (≈ 2–10 KB each). */
const KEPT = 2000;

/**
 * Draws the demo catalogue's SVG covers as WebP at a card's width (sharp: librsvg, with the
 * machine's CJK fonts), so a phone downloads a few KB sized for its screen instead of an SVG it
 * must lay out text for itself (decision 029). A cover's drawing depends on its name alone, so
 * each size is drawn once and kept; the most recently used {@link KEPT} stay in memory.
 */
export function createCoverRasterizer() {
  const kept = new Map<string, Promise<Buffer>>();
  return function rasterize(key: string, svg: string, svgWidth: number, width: number): Promise<Buffer> {
    const id = `${key}@${width}`;
    const hit = kept.get(id);
    if (hit) {
      // Most recently used last: Map keeps insertion order, the first entry is the oldest.
      kept.delete(id);
      kept.set(id, hit);
      return hit;
    }
    const drawn = sharp(Buffer.from(svg), { density: (72 * width) / svgWidth })
      .resize({ width })
      .webp({ quality: 75 })
      .toBuffer();
    kept.set(id, drawn);
    drawn.catch(() => kept.delete(id));
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return drawn;
  };
}
