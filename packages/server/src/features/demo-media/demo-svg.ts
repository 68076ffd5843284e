/** Picture sizes of the demo catalogue, as the web app lays them out. */
export const DEMO_SIZES = {
  coverBig: { width: 800, height: 538 },
  coverSmall: { width: 147, height: 200 },
  stillBig: { width: 800, height: 450 },
  stillSmall: { width: 240, height: 135 },
} as const;

const FONT = `'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif`;

/** Escapes text for SVG (XML) content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a small stable hash, so one number always gets the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hslHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** A font size at which `text` fits `share` of `width` (sans-serif glyphs average ~0.6 em). */
function fitFont(text: string, width: number, max: number, share = 0.86): number {
  return Math.max(8, Math.min(max, Math.floor((width * share) / (Math.max(text.length, 1) * 0.6))));
}

interface Picture {
  width: number;
  height: number;
  /** Seed of the colours and shapes. */
  seed: string;
  title: string;
  caption: string;
}

function draw({ width, height, seed, title, caption }: Picture): string {
  const h = hash(seed);
  const hue = h % 360;
  const from = hslHex(hue, 55, 46);
  const to = hslHex((hue + 40 + ((h >>> 9) % 50)) % 360, 60, 26);
  // Unique per picture, so pictures inlined into one page do not share a gradient.
  const gradient = `g${h.toString(36)}`;
  const shapes = [0, 1, 2]
    .map((i) => {
      const v = hash(`${seed}#${i}`);
      const cx = Math.round(((v % 1000) / 1000) * width);
      const cy = Math.round((((v >>> 10) % 1000) / 1000) * height);
      const r = Math.round((((v >>> 20) % 400) / 1000) * Math.max(width, height)) + 10;
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.07"/>`;
    })
    .join('');
  const titleSize = fitFont(title, width, Math.round(height * 0.22));
  const captionSize = Math.max(8, Math.round(Math.min(width, height) * 0.06));
  const text = (y: number, size: number, opacity: number, weight: number, content: string) =>
    `<text x="${width / 2}" y="${y}" text-anchor="middle" dominant-baseline="middle" ` +
    `font-family="${escapeXml(FONT)}" font-size="${size}" font-weight="${weight}" fill="#ffffff" ` +
    `fill-opacity="${opacity}">${escapeXml(content)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`${title} ${caption}`)}">` +
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${gradient})"/>${shapes}` +
    text(Math.round(height * 0.47), titleSize, 0.95, 700, title) +
    text(Math.round(height * 0.47 + titleSize * 0.6 + captionSize * 1.4), captionSize, 0.75, 400, caption) +
    `</svg>`
  );
}

/** A demo cover: the work number written large on colours drawn from the number. */
export function coverSvg(number: string, small: boolean): string {
  const size = small ? DEMO_SIZES.coverSmall : DEMO_SIZES.coverBig;
  return draw({ ...size, seed: number, title: number, caption: '影库 · 演示封面' });
}

/** A demo still: `剧照 n` with the work number under it. */
export function stillSvg(number: string, index: number, small: boolean): string {
  const size = small ? DEMO_SIZES.stillSmall : DEMO_SIZES.stillBig;
  return draw({ ...size, seed: `${number}/${index}`, title: `剧照 ${index}`, caption: number });
}
