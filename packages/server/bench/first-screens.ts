import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS } from './web/chromium';

/** One first screen: where it is, and the JavaScript a first visit to it loaded. */
export interface ScreenJs {
  name: string;
  path: string;
  /** Every script the page asked for (the runtime config included), gzip bytes each. */
  scripts: { file: string; bytes: number }[];
  files: number;
  bytes: number;
}

/** The first screens the issue measures, given a work's detail path and a search keyword. */
export const firstScreens = (detailPath: string, keyword: string) => [
  { name: 'home', path: '/index' },
  { name: 'channel list', path: '/censored' },
  { name: 'work detail', path: detailPath },
  { name: 'search', path: `/search/${encodeURIComponent(keyword)}` },
  { name: 'login', path: '/login' },
  { name: 'member', path: '/user' },
];

/**
 * The JavaScript each screen loads on a first visit (fresh phone-sized context, no service worker,
 * until the network is idle), measured as gzip at the default level of the built files (what the
 * server sends is brotli, a little smaller). The detail path comes from /index's first card.
 */
export async function firstScreensJs(baseUrl: string, webDist: string): Promise<ScreenJs[] | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--disable-quic'],
  });
  const gzip = async (file: string, body: () => Promise<Buffer>) => {
    const built = path.join(webDist, file.replace(/^\//, ''));
    return gzipSync(existsSync(built) && file.startsWith('/assets/') ? await readFile(built) : await body())
      .length;
  };
  try {
    const open = async (screenPath: string) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const responses: Promise<{ file: string; bytes: number }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const file = new URL(response.url()).pathname;
        responses.push(gzip(file, () => response.body()).then((bytes) => ({ file, bytes })));
      });
      await page.goto(`${baseUrl}${screenPath}`, { waitUntil: 'networkidle' });
      // On a busy machine the network can go quiet while the entry still runs: wait until the
      // screen itself has rendered (no splash, no loading sign), then for quiet again.
      await page.waitForFunction(
        () => {
          const doc = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document;
          return !doc.querySelector('.boot-splash') && !doc.querySelector('[data-testid="page-loading"]');
        },
        undefined,
        { timeout: 30_000 },
      );
      await page.waitForLoadState('networkidle');
      return { context, page, scripts: await Promise.all(responses) };
    };
    const home = await open('/index');
    const card = home.page.locator('[data-channel] a[href^="/censored/"]').first();
    await card.waitFor();
    const detailPath = (await card.getAttribute('href'))!;
    await home.context.close();
    const results: ScreenJs[] = [];
    // Every demo censored and uncensored number starts with YK.
    for (const screen of firstScreens(detailPath, 'YK')) {
      const { context, scripts } = await open(screen.path);
      await context.close();
      results.push({
        ...screen,
        scripts,
        files: scripts.length,
        bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
