import { API, API_BASE, CHANNEL_LABEL, MSG } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { ACCESS_TOKEN_COOKIE } from '../packages/web/src/session/auth-storage';
import { registerMember } from './support/accounts';
import { screenshot, type TestPage } from './support/browser';
import { useJourney } from './support/journey';
import { firstPageScripts, gzipSize, withoutPageData } from './support/first-page';
import { expectScrollRestored, firstCoverVisibleAt } from './support/page-checks';
import { scrollToEnd } from './support/lists';

const journey = useJourney();

const { url } = journey;
/** The title of the highlighted tab of the bottom bar, or null when none is. */
const activeTab = (page: Page) =>
  page.evaluate(
    (label) =>
      document.querySelector(`nav[aria-label="${label}"] [aria-current="page"]`)?.textContent ?? null,
    UI_TEXT.tabBar,
  );
const tabBar = (page: Page) => page.getByRole('navigation', { name: UI_TEXT.tabBar });
/** The first censored work card on the page. */
const homeCard = (page: Page) => page.locator('main a[href^="/censored/"]').first();

describe('tab bar (docs/product.md §2)', () => {
  it.each([
    ['/censored', CHANNEL_LABEL.censored],
    ['/top', CHANNEL_LABEL.censored],
    ['/maker/index', CHANNEL_LABEL.censored],
    ['/series/12', CHANNEL_LABEL.censored],
    ['/top/uncensored', CHANNEL_LABEL.uncensored],
    ['/performer/uncensored/index', CHANNEL_LABEL.uncensored],
    ['/tags/western/index', CHANNEL_LABEL.western],
    ['/maker/western/3', CHANNEL_LABEL.western],
    ['/user', UI_TEXT.mine],
    ['/index', null],
  ])('on %s highlights %s', async (path, expected) => {
    const page = await journey.page();
    await page.goto(url(path));
    await tabBar(page).waitFor();
    await expect.poll(() => activeTab(page)).toBe(expected);
    if (path === '/top/uncensored') await screenshot(page, 'shell-tab-uncensored');
  });

  it('moves with a tap on a tab', async () => {
    const page = await journey.page();
    await page.goto(url('/index'));
    await tabBar(page).getByText(CHANNEL_LABEL.western, { exact: true }).tap();
    await page.waitForURL(url('/western'));
    await expect.poll(() => activeTab(page)).toBe(CHANNEL_LABEL.western);
  });
});

describe('routes of the shell', () => {
  it('show a friendly not-found page for unknown paths', async () => {
    const page = await journey.page();
    await page.goto(url('/no/such/page'));
    // The frame shows the route's title while the page's code loads; then the page's own text.
    await page.getByText(UI_TEXT.notFoundText).waitFor();
    expect(await page.getByText(UI_TEXT.notFoundTitle, { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'shell-not-found');
  });

  it('send the older /UserLogin to /login', async () => {
    const page = await journey.page();
    await page.goto(url('/UserLogin'));
    await page.waitForURL(url('/login'));
  });
});

describe('scroll memory', () => {
  it('brings the home page back to where it was after a detail page', async () => {
    const page = await journey.page();
    await page.goto(url('/index'));
    await page.locator('main a[href^="/western/"]').first().waitFor();
    await expectScrollRestored(page, url('/index'), 1400);
    await screenshot(page, 'shell-scroll-restored');
  });

  it('brings an infinite list back with every loaded page, at the same place', async () => {
    const page = await journey.page();
    await page.goto(url('/censored'));
    const cards = page.locator('main a[href^="/censored/"]');
    await cards.first().waitFor();
    const firstPage = await cards.count();
    await scrollToEnd(page); // the list loads its next page near the end
    await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);
    await page.getByTestId('load-more').waitFor(); // that page is in, and no other is loading
    const loaded = await cards.count();

    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    await expectScrollRestored(page, url('/censored'), bottom - 600);
    // The pages came back from the cache: the same cards, none dropped, nothing refetched from page 1.
    expect(await cards.count()).toBe(loaded);
    await screenshot(page, 'shell-scroll-restored-list');
  });
});

describe('error catalogue in the browser (docs/product.md §8)', () => {
  /**
   * Answers the home page's western list with an error envelope of `status`; the other sections
   * load. The page is sent as the service worker's cached shell is, without the lists it carries
   * (decision 029), so the sections ask the API for them.
   */
  async function answerWesternList(page: Page, status: number, onRequest?: (auth?: string) => void) {
    await withoutPageData(page, '/index');
    await page.route(
      (u) => u.pathname === `${API_BASE}${API.worksList}` && u.searchParams.get('modName') === 'western',
      (route) => {
        onRequest?.(route.request().headers()['authorization']);
        return route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ code: status, msg: '' }),
        });
      },
    );
  }

  it('403: the login dialog; 去登陆 goes to /login through the router, the other button stays', async () => {
    const page = await journey.page();
    // A member's real token: the member's own controls (decision 045) call the API with it, and a
    // refused one would end the login before the dialog is seen.
    const member = await registerMember(journey.server, 'shell');
    const storedToken = { name: ACCESS_TOKEN_COOKIE, value: member.accessToken, url: url('/') };
    await page.context().addCookies([storedToken]);
    const cookieNames = async () => (await page.context().cookies()).map((c) => c.name);
    await answerWesternList(page, 403);
    await page.goto(url('/index'));
    // Named by its title, for a screen reader (axe: aria-dialog-name).
    const dialog = page.getByRole('dialog', { name: MSG.loginDialogTitle });
    await dialog.getByText(MSG.loginDialogTitle, { exact: true }).waitFor();
    expect(await dialog.getByText(MSG.loginDialogText).isVisible()).toBe(true);
    await screenshot(page, 'shell-login-dialog');

    await dialog.getByRole('button', { name: '取消' }).tap();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/index');
    expect(await cookieNames()).toContain(ACCESS_TOKEN_COOKIE);

    // Again, and this time to /login: the same document (no reload), so the marker survives.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.getByRole('region', { name: CHANNEL_LABEL.western }).getByRole('button').tap();
    await page.getByRole('button', { name: MSG.loginDialogConfirm }).tap();
    await page.waitForURL(url('/login'));
    expect(await cookieNames()).not.toContain(ACCESS_TOKEN_COOKIE);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    // The browser logged the 403s we made: expected here.
    journey.dropProblems();
  });

  it('401 with no refresh token: clears the token, sends again without it, shows the default text', async () => {
    const page = await journey.page();
    await page.context().addCookies([{ name: ACCESS_TOKEN_COOKIE, value: 'token-for-tests', url: url('/') }]);
    const sent: (string | undefined)[] = [];
    await answerWesternList(page, 401, (auth) => sent.push(auth));
    await page.goto(url('/index'));
    await page.getByText(MSG.default401).waitFor();
    expect(sent).toEqual(['Bearer token-for-tests', undefined]);
    await expect
      .poll(async () => (await page.context().cookies()).map((c) => c.name))
      .not.toContain(ACCESS_TOKEN_COOKIE);
    journey.dropProblems();
  });
});

describe('PWA', () => {
  it('has a manifest whose icons load', async () => {
    const page = await journey.page();
    await page.goto(url('/index'));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await page.request.get(url(href!));
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: '影库', start_url: '/index', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const width = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return image.naturalWidth;
      }, icon.src);
      expect(`${width}x${width}`).toBe(icon.sizes);
    }
  });

  it('installs a service worker that opens the shell offline and never caches API calls', async () => {
    const page = await journey.page();
    const worker = await page.request.get(url('/sw.js'));
    // Not kept by the HTTP cache: every check for a new worker reaches the server.
    expect(worker.headers()['cache-control']).toMatch(/no-cache|max-age=0\b/);

    await page.goto(url('/index'));
    await homeCard(page).waitFor();
    const scriptUrl = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(scriptUrl).toBe(url('/sw.js'));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    for (const script of firstPageScripts()) expect(cached).toContain(script);
    expect(cached.filter((path) => path.startsWith('/prod-api') || path === '/app-config.js')).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: UI_TEXT.siteName }).waitFor();
    await tabBar(page).waitFor();
    // The shell starts; its calls fail with the transport text of docs/product.md §8.
    await page.getByText(MSG.networkError).first().waitFor();
    await screenshot(page, 'shell-offline');

    // Back online, the page reloads itself and shows the catalogue again.
    await page.context().setOffline(false);
    await homeCard(page).waitFor({ timeout: 15_000 });
    // The browser logged the offline failures we caused (/app-config.js, the API calls): expected.
    journey.dropProblems();
  });
});

describe('first page (measured, not asserted)', () => {
  it('prints the time to the first cover and the JS the first page loads', async () => {
    const scripts = firstPageScripts();
    const sizes = scripts.map((script) => ({ script, gzip: gzipSize(script) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.log(`[measure] first-page JS (gzip): ${(total / 1024).toFixed(1)} KiB`, sizes);

    // Three fresh visitors (empty caches), then the last one again (HTTP and service-worker caches warm).
    const cold: number[] = [];
    let tab: TestPage | undefined;
    for (let i = 0; i < 3; i++) {
      tab = await journey.open();
      await tab.page.goto(url('/index'), { waitUntil: 'commit' });
      cold.push(Math.round(await firstCoverVisibleAt(tab.page)));
      if (i < 2) {
        await tab.close();
        expect(tab.problems).toEqual([]);
      }
    }
    await tab!.page.goto(url('/index'), { waitUntil: 'commit' });
    const warm = Math.round(await firstCoverVisibleAt(tab!.page));
    const median = [...cold].sort((a, b) => a - b)[1];
    console.log(
      `[measure] /index first cover visible: cold ${cold.join(' / ')} ms (median ${median}), warm ${warm} ms`,
    );
  });
});
