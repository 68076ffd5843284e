import type { ModName } from './channels';
import { imageUrl } from './runtime-config';
import type { DateWindow } from './limits';
import type { WorkDetailResponse, WorksListResponse } from './schemas/catalogue';

/**
 * What the server puts into the page it sends for a first screen, so the app renders it without
 * a signed call first (decision 029): a `<script type="application/json">` with this id (data,
 * never run: the strict CSP stays as it is), read once at start.
 */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-data';

/**
 * Set on `#root` when the server rendered the first screen's markup into it (decision 033): the
 * app then takes that markup over (hydrates it) instead of rendering over a splash.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Works per home section: enough for full rows at 2, 4 and 8 columns (CSS shows 6 at 3 and 6). */
export const HOME_SECTION_SIZE = 8;

/** A works list the page carries: the query as the web client sends it, and the API's answer. */
export interface FirstScreenList {
  query: {
    modName: ModName;
    pageNum: number;
    pageSize: number;
    sort: 'pubTime';
    date: DateWindow;
    isDht: 0 | 1;
  };
  answer: WorksListResponse;
}

/** The data of one first screen: /index's three lists, or a work detail as a visitor sees it. */
export interface FirstScreenData {
  lists?: FirstScreenList[];
  /** GET /v2/works/detail/{id}'s answer without a token (collect and like false). */
  detail?: { id: string; answer: WorkDetailResponse };
}

/**
 * Raster copies of the demo catalogue's drawn covers, by width in pixels (WebP): the small cover
 * (147 × 200) as list cards show it at 2 to 8 columns and 1× to 3×, the big one (800 × 538) as
 * the detail shows it. Only these widths are served.
 */
export const COVER_WIDTHS = { small: [160, 240, 360, 480], big: [400, 800, 1200] } as const;

/** `demo/cover/{number}.svg` or `demo/cover/{number}-s.svg`, as the demo catalogue stores covers. */
const DEMO_COVER = /^\/?(demo\/cover\/[A-Za-z0-9][A-Za-z0-9._-]{0,63}?)(-s)?\.svg$/;

/** The `sizes` of a list card's cover: its column's width at the grid's breakpoints (docs/product.md §2). */
export const CARD_COVER_SIZES =
  '(min-width: 1200px) 12vw, (min-width: 992px) 16vw, (min-width: 768px) 24vw, (min-width: 576px) 32vw, 48vw';

/** The `sizes` of the detail's cover: the screen's width on a phone, about half of it from tablet width. */
export const DETAIL_COVER_SIZES = '(min-width: 768px) 55vw, 100vw';

/**
 * The `srcset` of a cover the server also serves as WebP (the demo catalogue's), as paths under
 * the image host (join each with `imageUrl`); undefined for any other cover, shown as it is.
 */
export function coverRenditions(path: string): { width: number; path: string }[] | undefined {
  const match = DEMO_COVER.exec(path);
  if (!match) return undefined;
  const small = match[2] !== undefined;
  const base = `${match[1]}${small ? '-s' : ''}`;
  return (small ? COVER_WIDTHS.small : COVER_WIDTHS.big).map((width) => ({
    width,
    path: `${base}.${width}w.webp`,
  }));
}

/**
 * An `<img>`'s `src`, `srcSet` and `sizes` for a cover: the WebP copies where the server has them
 * (`src` the smallest, for browsers without `srcset`), else the cover as it is.
 */
export function coverImage(
  path: string,
  imageHost: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const renditions = coverRenditions(path);
  if (!renditions) return { src: imageUrl(path, imageHost) };
  return {
    src: imageUrl(renditions[0]!.path, imageHost),
    srcSet: renditions.map((r) => `${imageUrl(r.path, imageHost)} ${r.width}w`).join(', '),
    sizes,
  };
}
