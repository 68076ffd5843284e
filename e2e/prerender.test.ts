import { API, PRERENDERED_ATTRIBUTE, RUNTIME_CONFIG_GLOBAL, type WorkListItem } from '@yingku/contract';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { PHONE, networkQuiet, screenshot } from './support/browser';
import { useJourney } from './support/journey';

// The first screen, fast: /index and a work detail come with their first screen's
// markup, rendered by the server from the app's own components (decision 033). The browser
// paints titles and covers from the page alone; the app then takes that markup over (hydrates
// it) with no console error, no node replaced and nothing moved.

const journey = useJourney();
const { url } = journey;
let first: WorkListItem;

beforeAll(async () => {
  const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 8,
  });
  first = list.rows[0]!;
});

const SCREENS = [
  { name: 'index', path: () => '/index', cover: () => `main a[href="/censored/${first.id}"] img` },
  { name: 'detail', path: () => `/censored/${first.id}`, cover: () => `main img[alt="${first.title}"]` },
];

/** Whether `selector`'s picture has arrived and is drawn (not hidden until a script says so). */
const coverShown = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(
      (img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 && getComputedStyle(img).display !== 'none',
    );

describe('the first screen before any script runs', () => {
  for (const screen of SCREENS) {
    it(`${screen.name}: the works' text and the cover are in the page itself`, async () => {
      const { page } = await journey.open({ device: { ...PHONE, javaScriptEnabled: false } });
      await page.goto(url(screen.path()));
      await expect.poll(() => page.locator(`#root[${PRERENDERED_ATTRIBUTE}]`).count()).toBe(1);
      await expect.poll(() => page.getByText(first.number, { exact: true }).first().isVisible()).toBe(true);
      await expect.poll(() => page.getByText(first.title).first().isVisible()).toBe(true);
      await expect.poll(() => coverShown(page, screen.cover())).toBe(true);
      // No skeleton and no splash: the screen itself.
      expect(await page.locator('[data-testid="page-loading"], .boot-splash').count()).toBe(0);
      await screenshot(page, `prerendered-${screen.name}-no-js`);
      // No script of the page ran (not even /app-config.js); Chromium may refuse their requests
      // (reported as "csp"): expected here.
      expect(await page.evaluate((name) => name in window, RUNTIME_CONFIG_GLOBAL)).toBe(false);
      journey.dropProblems(/^request failed: \S+\.js csp$/);
    });
  }
});

/**
 * Holds the page's scripts (`which`: all of them by default) until `release()`: what the browser
 * shows from the HTML alone. `held()` says how many requests wait.
 */
async function holdScripts(page: Page, which = (url: URL) => url.pathname.endsWith('.js')) {
  const held: Route[] = [];
  let released = false;
  await page.route(which, (route) => (released ? route.continue() : void held.push(route)));
  const release = () => {
    released = true;
    return Promise.all(held.map((route) => route.continue()));
  };
  return Object.assign(release, { held: () => held.length });
}

/** The app's own code: what the start script loads (decision 034), not the start script itself. */
const appCode = (url: URL) =>
  url.pathname.startsWith('/assets/') &&
  url.pathname.endsWith('.js') &&
  !/\/start-[\w-]+\.js$/.test(url.pathname);

/** Boxes of what the first screen shows, by selector: where things are on the screen. */
const boxes = (page: Page, selectors: string[]) =>
  Promise.all(selectors.map((selector) => page.locator(selector).first().boundingBox()));

describe('the app takes the markup over', () => {
  for (const screen of SCREENS) {
    it(`${screen.name}: hydrates the same nodes, with no error and no layout shift`, async () => {
      const { page } = await journey.open();
      await page.addInitScript(() => {
        // Each shift with what moved, from where to where: a failure names the node.
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        type Shift = {
          value: number;
          sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[];
        };
        const describe = (node?: Node) =>
          node instanceof Element ? node.outerHTML.slice(0, 160) : (node?.nodeName ?? '?');
        const rect = (r: DOMRect) => `${r.x},${r.y} ${r.width}x${r.height}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            const moved = entry.sources.map(
              (s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
            );
            shifts.push(
              `${entry.value.toFixed(4)} at ${Math.round(performance.now())} ms: ${moved.join('; ')}`,
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const release = await holdScripts(page);
      await page.goto(url(screen.path()), { waitUntil: 'commit' });
      const cover = page.locator(screen.cover()).first();
      await expect.poll(() => coverShown(page, screen.cover())).toBe(true);
      const watched = [screen.cover(), `main >> text=${first.number}`, 'nav a[href="/user"]'];
      const before = await boxes(page, watched);
      // The node the page painted, marked: hydration keeps it, a fresh render would replace it.
      await cover.evaluate((img) => img.setAttribute('data-painted', ''));

      await release();
      // React has claimed the painted node: its internal props are on it.
      await expect
        .poll(() => cover.evaluate((img) => Object.keys(img).some((key) => key.startsWith('__reactProps'))))
        .toBe(true);
      expect(await page.locator('img[data-painted]').count()).toBe(1);
      // The flag goes once the app has rendered: from then on a tap reaches it.
      await expect.poll(() => page.locator(`#root[${PRERENDERED_ATTRIBUTE}]`).count()).toBe(0);
      await networkQuiet(page);
      expect(await boxes(page, watched)).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      await screenshot(page, `prerendered-${screen.name}-hydrated`);
    });
  }
});

describe('a tap before the app has taken the markup over', () => {
  it('detail: the magnets tab tapped early opens once the app has hydrated', async () => {
    const { page } = await journey.open();
    const release = await holdScripts(page, appCode);
    await page.goto(url(`/censored/${first.id}`), { waitUntil: 'commit' });
    // The start script has run (it asked for the app's code), the app has not.
    await expect.poll(() => release.held()).toBeGreaterThan(0);
    const magnetsTab = page.getByRole('tab', { name: DETAIL_TEXT.tabMagnets });
    await magnetsTab.tap();
    expect(await magnetsTab.getAttribute('aria-selected')).toBe('false');

    await release();
    await expect.poll(() => page.locator(`#root[${PRERENDERED_ATTRIBUTE}]`).count()).toBe(0);
    await expect.poll(() => magnetsTab.getAttribute('aria-selected')).toBe('true');
  });
});
