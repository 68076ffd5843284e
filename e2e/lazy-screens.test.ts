import { CHANNEL_LABEL } from '@yingku/contract';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { CHANNEL_TEXT } from '../packages/web/src/features/channel/texts';
import { PHONE, networkQuiet, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { firstPageScripts } from './support/first-page';

// Decision 018: the first page runs on index.html's own files; every other screen's code is
// fetched when the screen is first opened, with the frame and a skeleton meanwhile (decision 027).

const journey = useJourney();

const { url } = journey;
const tabBar = (page: Page) => page.getByRole('navigation', { name: UI_TEXT.tabBar });
const homeCard = (page: Page) => page.locator('main a[href^="/censored/"]').first();

/** Site paths of the scripts the page itself asks for (not the service worker's own fetches). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * A phone without the service worker: once it has precached the chunks it answers them itself,
 * where page.route cannot hold them back, and whether it has by then is a race.
 */
const NO_WORKER = { ...PHONE, serviceWorkers: 'block' as const };

const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`);

/** Holds back the chunks matching `pattern` until `release` is called. */
async function holdChunks(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (u) => pattern.test(u.pathname),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    waitUntilHeld: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

describe('the first page', () => {
  it('/index runs on index.html’s files alone: no player, account, member, detail or console code', async () => {
    const { page } = await journey.open({ device: NO_WORKER });
    const scripts = recordScripts(page);
    await page.goto(url('/index'));
    await homeCard(page).waitFor();
    await networkQuiet(page);

    const firstPage = firstPageScripts();
    expect(scripts.filter((path) => path !== '/app-config.js' && !firstPage.includes(path))).toEqual([]);
    for (const name of ['hls', 'login-page', 'register-page', 'member-page', 'work-detail-page', 'admin-app'])
      expect(scripts.filter((path) => chunk(name).test(path))).toEqual([]);

    // A work's page fetches its code when it is opened; the player's hls.js waits for a play.
    await homeCard(page).tap();
    await page.waitForURL(/\/censored\/\d+$/);
    await page.getByRole('tab').first().waitFor();
    expect(scripts.filter((path) => chunk('work-detail-page').test(path))).toHaveLength(1);
    expect(scripts.filter((path) => chunk('hls').test(path))).toEqual([]);
  });
});

describe('screens loaded on demand', () => {
  it('opened directly: the frame (tab bar, title) and a loading sign until the code arrives', async () => {
    const { page } = await journey.open({ device: NO_WORKER });
    const memberCode = await holdChunks(page, chunk('member-page'));
    await page.goto(url('/user'));
    await memberCode.waitUntilHeld();
    await page.getByTestId('page-loading').waitFor();
    await tabBar(page).waitFor();
    expect(await page.title()).toBe(`${UI_TEXT.mine} - ${UI_TEXT.siteName}`);
    await screenshot(page, 'lazy-direct-loading');

    await memberCode.release();
    await page.getByTestId('page-loading').waitFor({ state: 'detached' });
    await tabBar(page).waitFor();
    await screenshot(page, 'lazy-direct-loaded');
  });

  it('opened from another screen: the frame and the screen’s skeleton at once, the tapped tab lit', async () => {
    const { page } = await journey.open({ device: NO_WORKER });
    await page.goto(url('/index'));
    await homeCard(page).waitFor();
    const latestCode = await holdChunks(page, chunk('latest-page'));
    await tabBar(page).getByText(CHANNEL_LABEL.uncensored, { exact: true }).tap();
    await latestCode.waitUntilHeld();
    // The address and the tab change with the tap; the skeleton stands where the list will be.
    await page.waitForURL(url('/uncensored'));
    const loading = page.getByTestId('page-loading');
    await loading.waitFor();
    expect(await loading.textContent()).toBe(CHANNEL_TEXT.latestTitle('uncensored'));
    expect(await homeCard(page).count()).toBe(0);
    expect(await tabBar(page).locator('[aria-current="page"]').textContent()).toBe(CHANNEL_LABEL.uncensored);
    await screenshot(page, 'lazy-navigation-loading');

    await latestCode.release();
    await page.locator('main a[href^="/uncensored/"]').first().waitFor();
    await loading.waitFor({ state: 'detached' });
    await screenshot(page, 'lazy-navigation-loaded');
  });
});
