import {
  ALL_TIME,
  coverImage,
  DETAIL_COVER_SIZES,
  CARD_COVER_SIZES,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreenData,
  type FirstScreenList,
  HOME_SECTION_SIZE,
  MOD_NAMES,
  OK_MSG,
  workDetailParams,
  withAppStartModules,
  workDetailResponse,
  worksListQuery,
  worksListResponse,
} from '@yingku/contract';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CachedReads } from '../catalogue/catalogue.cache';

/** The page's data and the picture its first screen shows largest (to preload). */
export interface FirstScreen {
  data: FirstScreenData;
  cover?: { href: string; srcset?: string; sizes: string };
  /** The screen's own code (a lazy route's chunks and styles), to fetch with the app. */
  code?: { modules: string[]; styles: string[] };
}

/** The web build's module of the work detail screen (its lazy route), as the manifest names it. */
const DETAIL_SCREEN_SOURCE = 'src/features/work-detail/work-detail-page.tsx';

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The files a lazy route's module loads before it runs (its chunk, the chunks it imports, their
 * styles), from the build's manifest (`dist/.vite/manifest.json`); none without a manifest.
 */
export function screenCode(webDist: string, source: string): { modules: string[]; styles: string[] } {
  const file = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
  const modules = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || modules.has(`/${chunk.file}`)) return;
    modules.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return { modules: [...modules], styles: [...styles] };
}

const DETAIL_PATH = new RegExp(`^/(${MOD_NAMES.join('|')})/([^/]+)$`);

/**
 * The data of the first screen a page address shows, read through the catalogue service (its
 * cache) the way the API answers an anonymous call: /index's three home lists (the magnet filter
 * at its default, 1) and a work's detail (collect and like false: the app uses it only without a
 * login). Each answer is checked and stripped by the API's own response schema. Any other
 * address, an unknown work, or a failing read: nothing, and the app asks as it always did.
 * Decision 029.
 */
export function createFirstScreenReader(service: CachedReads, imageHost: string, webDist?: string) {
  // The detail is a lazy route: without these the browser finds its code only once the app runs.
  const detailCode = webDist ? screenCode(webDist, DETAIL_SCREEN_SOURCE) : undefined;
  const cover = (path: string, sizes: string) => {
    const image = coverImage(path, imageHost, sizes);
    return { href: image.src, sizes, ...(image.srcSet && { srcset: image.srcSet }) };
  };

  async function home(): Promise<FirstScreen> {
    const lists: FirstScreenList[] = await Promise.all(
      MOD_NAMES.map(async (modName) => {
        const query = {
          modName,
          pageNum: 1,
          pageSize: HOME_SECTION_SIZE,
          sort: 'pubTime',
          date: ALL_TIME,
          isDht: 1,
        } as const;
        // Parsed as the API parses its query string (strings in, the same defaults out).
        const asSent = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
        const { rows, total } = await service.listWorks(worksListQuery.parse(asSent));
        return { query, answer: worksListResponse.parse({ code: 200, msg: OK_MSG.query, rows, total }) };
      }),
    );
    const first = lists[0]?.answer.rows[0];
    const picture = first && (first.picSmall || first.picBig);
    return { data: { lists }, ...(picture && { cover: cover(picture, CARD_COVER_SIZES) }) };
  }

  async function detail(id: string): Promise<FirstScreen | undefined> {
    if (!workDetailParams.safeParse({ id }).success) return undefined;
    const found = await service.workDetail(id);
    const answer = workDetailResponse.parse({
      code: 200,
      msg: OK_MSG.operation,
      ...found,
      collect: false,
      like: false,
    });
    const picture = answer.data.picBig;
    return {
      data: { detail: { id, answer } },
      ...(picture && { cover: cover(picture, DETAIL_COVER_SIZES) }),
      ...(detailCode && { code: detailCode }),
    };
  }

  return async function firstScreen(pathname: string): Promise<FirstScreen | undefined> {
    if (pathname === '/index') return home();
    const match = DETAIL_PATH.exec(pathname);
    return match ? detail(decodeURIComponent(match[2]!)) : undefined;
  };
}

export type FirstScreenReader = ReturnType<typeof createFirstScreenReader>;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * index.html with the first screen's data as a JSON data block (not a script the browser runs,
 * so the CSP's `script-src 'self'` stays as it is), a high-priority preload of its largest
 * picture and the screen's stylesheets, before `</head>`; the screen's chunks in the app's start
 * list. `<` is escaped in the JSON, so no text in it can close the block.
 */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  const json = JSON.stringify(screen.data).replace(/</g, '\\u003c');
  const preload = screen.cover
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(screen.cover.href)}"` +
      (screen.cover.srcset
        ? ` imagesrcset="${escapeAttribute(screen.cover.srcset)}" imagesizes="${escapeAttribute(screen.cover.sizes)}"`
        : '') +
      '>'
    : '';
  // The screen's chunks join the app's start list (decision 034): fetched with the app, after
  // the first paint. Its stylesheets are the first paint's: linked in the head. Files the page
  // already names are not named twice.
  const styles = (screen.code?.styles ?? [])
    .filter((file) => !html.includes(`"${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(file)}">`)
    .join('');
  const block = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
  return withAppStartModules(html, screen.code?.modules ?? []).replace(
    '</head>',
    `${preload}${styles}${block}</head>`,
  );
}
