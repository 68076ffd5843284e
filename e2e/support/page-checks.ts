import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsDone } from './animations';
import { networkQuiet } from './browser';

/** How far a restored scroll position may be off, in CSS pixels. */
export const SCROLL_TOLERANCE_PX = 50;

/** The page's vertical scroll position. */
export const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Scrolls the page to `y`, opens a work card that is fully on screen, goes back, and expects
 * the page at the same place (±{@link SCROLL_TOLERANCE_PX}). `listUrl` is the page's full URL.
 */
export async function expectScrollRestored(page: Page, listUrl: string, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(y - 100);
  const before = await scrollY(page);
  // A card fully on screen (clear of the header and the tab bar), so opening it does not scroll first.
  const href = await page.evaluate(() => {
    const cards = Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[href]'));
    const onScreen = cards.find((card) => {
      const box = card.getBoundingClientRect();
      const isWork = /^\/(censored|uncensored|western)\/./.test(card.getAttribute('href') ?? '');
      return isWork && box.top > 80 && box.bottom < window.innerHeight - 80;
    });
    return onScreen?.getAttribute('href');
  });
  expect(href).toBeTruthy();
  await page.locator(`main a[href="${href}"]`).first().click();
  await page.waitForURL((url) => url.pathname === href);
  await expect.poll(() => scrollY(page)).toBeLessThan(before);

  await page.goBack();
  await page.waitForURL(listUrl);
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(before - SCROLL_TOLERANCE_PX);
  expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(SCROLL_TOLERANCE_PX);
}

/** performance.now() (ms since navigation start) when the first work cover has painted on screen. */
export async function firstCoverVisibleAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>('main a[href^="/censored/"] img');
      if (!image || !image.complete || image.naturalWidth === 0 || !image.checkVisibility()) return false;
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.top < window.innerHeight ? performance.now() : false;
    },
    undefined,
    { polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Whether the page is wider than the viewport (something overflows sideways). */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * Waits until the images on screen have loaded (and the fonts), so a screenshot shows them.
 * With `atLeastOne`, an empty screen does not count as loaded.
 */
export async function coversInViewLoaded(page: Page, { atLeastOne = false } = {}): Promise<void> {
  await page.waitForFunction((needOne) => {
    const onScreen = Array.from(document.images).filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
    if (needOne && onScreen.length === 0) return false;
    return onScreen.every((img) => img.complete && img.naturalWidth > 0);
  }, atLeastOne);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Waits until the screen's code and data are in and it has stopped changing: no pending request,
 * no loading sign or skeleton, and no transition running (a pager button fading in from its
 * disabled look would be measured half-faded by a contrast check).
 */
export async function settled(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="page-loading"], .adm-skeleton, .boot-splash'),
  );
  await animationsDone(page);
}
