import { ALL_TIME, API, API_BASE, CHANNEL_LABEL, MSG, type WorkListItem } from '@yingku/contract';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { CHANNEL_TEXT } from '../packages/web/src/features/channel/texts';
import { PHONE, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { withoutPageData } from './support/first-page';

// Never a blank screen: the network cut and restored, a call past the timeout, a
// refused connection, a slow network (decision 027).

/** What a cut network makes the browser log: expected here, not a problem of the page. */
const NETWORK_NOISE =
  /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|Failed to load resource/;

const journey = useJourney({ expectedProblems: NETWORK_NOISE });
const { url } = journey;
const tabBar = (page: Page) => page.getByRole('navigation', { name: UI_TEXT.tabBar });
const tabLink = (page: Page, label: string) => tabBar(page).getByText(label, { exact: true });
const homeCard = (page: Page) => page.locator('main a[href^="/censored/"]').first();
const banner = (page: Page) => page.getByTestId('offline-banner');
const loadFailed = (page: Page) => page.getByTestId('screen-load-failed');
const retryButton = (page: Page) => loadFailed(page).getByRole('button', { name: UI_TEXT.retry });
const toast = (page: Page, text: string) => page.locator('.adm-toast-main').getByText(text, { exact: true });
const listError = (page: Page) => page.locator('main [data-state="error"]');
const listCard = (page: Page, modName: string) => page.locator(`main a[href^="/${modName}/"]`).first();

/**
 * A phone without the service worker (a first visit, an in-app browser): nothing of the app is
 * stored, so a screen whose code has not loaded cannot open offline.
 */
const NO_WORKER = { ...PHONE, serviceWorkers: 'block' as const };

const isWorksList = (u: URL) => u.pathname === `${API_BASE}${API.worksList}`;

describe('the network cut and restored, no service worker', () => {
  it('a tab or a work whose code is missing says so under an offline banner; back online it opens', async () => {
    const { page, context } = await journey.open({ device: NO_WORKER });
    await page.goto(url('/index'));
    await homeCard(page).waitFor();
    expect(await banner(page).count()).toBe(0);

    await context.setOffline(true);
    await banner(page).waitFor();
    expect(await banner(page).textContent()).toBe(UI_TEXT.offline);

    // A work whose page's code was never loaded: a message inside the frame, not a blank page.
    await homeCard(page).tap();
    await page.waitForURL(/\/censored\/\d+$/);
    await loadFailed(page).waitFor();
    expect(await loadFailed(page).textContent()).toContain(UI_TEXT.screenLoadFailed);
    expect(await loadFailed(page).textContent()).toContain(UI_TEXT.screenLoadFailedOffline);
    expect(await retryButton(page).isVisible()).toBe(true);
    expect(await tabBar(page).isVisible()).toBe(true);
    await screenshot(page, 'network-offline-work');

    // Channels' tabs: the same.
    await tabLink(page, CHANNEL_LABEL.uncensored).tap();
    await page.waitForURL(url('/uncensored'));
    await loadFailed(page).waitFor();
    await tabLink(page, CHANNEL_LABEL.western).tap();
    await page.waitForURL(url('/western'));
    await loadFailed(page).waitFor();
    expect(await banner(page).isVisible()).toBe(true);
    // The tap lights its tab when the app has moved there, not at once: wait for it.
    await expect
      .poll(() => tabBar(page).locator('[aria-current="page"]').textContent())
      .toBe(CHANNEL_LABEL.western);
    await screenshot(page, 'network-offline-tab');

    // Back online: the banner goes and the screen on show loads by itself…
    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached' });
    await listCard(page, 'western').waitFor();
    expect(await loadFailed(page).count()).toBe(0);
    // …and tapping the tab whose screen failed earlier opens it.
    await tabLink(page, CHANNEL_LABEL.uncensored).tap();
    await page.waitForURL(url('/uncensored'));
    await listCard(page, 'uncensored').waitFor();
    // So does the work: back to it through the history (/uncensored, /western, /uncensored).
    for (let step = 0; step < 3; step++) await page.goBack();
    await page.waitForURL(/\/censored\/\d+$/);
    await page.getByRole('tab').first().waitFor();
    expect(await loadFailed(page).count()).toBe(0);
  });

  it('the server out of reach with the browser online: the message’s retry loads the screen once it answers', async () => {
    const { page } = await journey.open({ device: NO_WORKER });
    await page.goto(url('/index'));
    await homeCard(page).waitFor();

    // Every request refused (the code, the API, the page itself), as when a Wi-Fi has no way out.
    const refuse = (route: Route) => route.abort('connectionrefused');
    await page.route('**/*', refuse);
    await homeCard(page).tap();
    await page.waitForURL(/\/censored\/\d+$/);
    await loadFailed(page).waitFor();
    expect(await loadFailed(page).textContent()).toContain(UI_TEXT.screenLoadFailedHint);
    // The browser is online: no offline banner, and no reload onto the browser's own error page.
    expect(await banner(page).count()).toBe(0);
    await screenshot(page, 'network-refused-work');

    await page.unroute('**/*', refuse);
    await retryButton(page).tap();
    await page.getByRole('tab').first().waitFor();
    expect(await loadFailed(page).count()).toBe(0);
  });
});

/**
 * Waits until the screen of the current route is on show (its code is here): the app has replaced
 * the boot splash, no skeleton of the frame is left, and no failure shows.
 */
async function screenShown(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.querySelector('#root > :not(.boot-splash)') !== null &&
          document.querySelector('[data-testid="page-loading"]') === null,
      ),
    )
    .toBe(true);
  expect(await loadFailed(page).count()).toBe(0);
}

/** The shell the service worker keeps for offline starts, and when it stored it. */
async function storedShell(page: Page): Promise<{ html: string; storedAt: number } | undefined> {
  return page.evaluate(async () => {
    const shell = await caches.match('/index.html');
    if (!shell) return undefined;
    return { html: await shell.text(), storedAt: Number(shell.headers.get('x-stored-at') ?? 0) };
  });
}

describe('the network cut with the service worker installed', () => {
  it('the screens a visitor opens next are stored and open offline', async () => {
    const { page, context } = await journey.open();
    await page.goto(url('/index'));
    await homeCard(page).waitFor();
    // The worker is active once its install has stored the shell and every visitor screen's code.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const work = (
      await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
        modName: 'western',
        date: ALL_TIME,
      })
    ).rows[0]!;

    // A work's page comes with its first screen in it; the shell stored after it is the plain one,
    // so an offline start of any other route never carries that work's data or code.
    const installed = (await storedShell(page))!.storedAt;
    await page.goto(url(`/western/${work.id}`));
    await expect.poll(async () => (await storedShell(page))?.storedAt ?? 0).toBeGreaterThan(installed);
    expect((await storedShell(page))!.html).not.toContain('first-screen-data');

    await context.setOffline(true);
    await banner(page).waitFor();
    // A tab, in the app (the page knows it is offline)…
    await tabLink(page, CHANNEL_LABEL.uncensored).tap();
    await page.waitForURL(url('/uncensored'));
    await screenShown(page);
    // Its list cannot load: its error state and retry at once, not a skeleton for as long as
    // the network is away.
    await listError(page).waitFor();
    await toast(page, MSG.networkError).waitFor();
    expect(await page.locator('.adm-skeleton').count()).toBe(0);
    await tabLink(page, UI_TEXT.mine).tap();
    await page.waitForURL(url('/user'));
    await screenShown(page);
    await screenshot(page, 'network-offline-worker-member');
    // …and pages opened anew offline: the stored shell, then the stored screen.
    for (const path of [
      '/western',
      `/western/${work.id}`,
      '/search/ABC',
      '/top',
      '/tags/index',
      '/performer/index',
    ]) {
      await page.goto(url(path));
      await banner(page).waitFor();
      await screenShown(page);
    }
    await page.goto(url('/login'));
    await screenShown(page);
    await page.getByRole('button', { name: ACCOUNT_TEXT.login, exact: true }).waitFor();
    await page.goto(url('/register'));
    await screenShown(page);
    await page.getByRole('button', { name: ACCOUNT_TEXT.register, exact: true }).waitFor();

    // A list opened offline loads by itself once the network is back.
    await page.goto(url('/western'));
    await listError(page).waitFor();
    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached' });
    await listCard(page, 'western').waitFor();
    expect(await listError(page).count()).toBe(0);
  });
});

/**
 * Takes the site off the network, as a server that is down or a Wi-Fi with no way out: the port
 * refuses connections (open ones are cut) while the browser still says it is online. Resolves to
 * the function that puts it back on the same port.
 */
async function siteOutOfReach(): Promise<() => Promise<void>> {
  const http = journey.server.app.server;
  const { port } = http.address() as AddressInfo;
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  http.closeAllConnections();
  await closed;
  return () => new Promise<void>((resolve) => http.listen(port, '127.0.0.1', () => resolve()));
}

describe('the site out of reach with the browser online, the service worker installed', () => {
  it('a page opened anew starts from the stored shell, and loads by itself once the site answers', async () => {
    const { page } = await journey.open();
    await page.goto(url('/index'));
    await homeCard(page).waitFor();
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));

    const backOnline = await siteOutOfReach();
    try {
      await page.goto(url('/western'));
      // The app runs without its config (never stored: it signs requests): the list's error
      // state and the network text, and no offline banner, since the browser is online.
      await screenShown(page);
      await listError(page).waitFor();
      await toast(page, MSG.networkError).waitFor();
      expect(await banner(page).count()).toBe(0);
      await screenshot(page, 'network-site-down-worker');
    } finally {
      await backOnline();
    }
    // No event says the site is back: the page finds it by asking, and loads anew.
    await listCard(page, 'western').waitFor();
    expect(await listError(page).count()).toBe(0);
  });
});

describe('a call past the timeout (docs/product.md §8)', () => {
  it('shows 系统接口请求超时 once, at the timeout, and the list its error state with a retry', async () => {
    const { page } = await journey.open({ device: NO_WORKER });
    const uncensoredList = (u: URL) => isWorksList(u) && u.searchParams.get('modName') === 'uncensored';
    const held: Route[] = [];
    const sentAt: number[] = [];
    await page.route(uncensoredList, (route) => {
      sentAt.push(Date.now());
      held.push(route);
    });
    await page.goto(url('/uncensored'));
    await expect.poll(() => held.length).toBe(1);

    await toast(page, MSG.timeoutError).waitFor({ timeout: 20_000 });
    const toastAfterMs = Date.now() - sentAt[0]!;
    await screenshot(page, 'network-timeout-toast');
    const errorState = page.locator('main [data-state="error"]');
    await errorState.waitFor();
    // One call, one timeout: not sent again, and the toast came at 10 s (generous bounds).
    expect(held).toHaveLength(1);
    expect(toastAfterMs).toBeGreaterThanOrEqual(9_500);
    expect(toastAfterMs).toBeLessThan(15_000);
    console.info(`timeout toast ${toastAfterMs} ms after the list call was sent`);

    await page.unroute(uncensoredList);
    await errorState.getByRole('button', { name: UI_TEXT.retry }).tap();
    await listCard(page, 'uncensored').waitFor();
    expect(held).toHaveLength(1);
  }, 60_000);
});

describe('a refused connection (docs/product.md §8)', () => {
  const refuseApi = (page: Page) =>
    page.route(
      (u) => u.pathname.startsWith(`${API_BASE}/`),
      (route) => route.abort('connectionrefused'),
    );

  it('shows 后端接口连接异常 on a list screen, with the list’s retry', async () => {
    const { page } = await journey.open({ device: NO_WORKER });
    await refuseApi(page);
    await page.goto(url('/western'));
    await toast(page, MSG.networkError).waitFor();
    await page.locator('main [data-state="error"]').getByRole('button', { name: UI_TEXT.retry }).waitFor();
    await screenshot(page, 'network-refused-list');
  });

  it('shows 后端接口连接异常 on a work’s page', async () => {
    const { page } = await journey.open({ device: NO_WORKER });
    const work = (
      await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
        modName: 'censored',
        date: ALL_TIME,
      })
    ).rows[0]!;
    await refuseApi(page);
    // As the installed app's cached shell sends it: without the work the server puts in the page.
    await withoutPageData(page, `/censored/${work.id}`);
    await page.goto(url(`/censored/${work.id}`));
    await toast(page, MSG.networkError).waitFor();
    await screenshot(page, 'network-refused-detail');
  });
});

describe('a slow network: 2 s round trip, 400 kbit/s', () => {
  it('a channel’s tab shows the frame and its skeleton at once, while its code loads', async () => {
    const { page, context } = await journey.open({ device: NO_WORKER });
    await page.goto(url('/index'));
    await homeCard(page).waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytesPerSecond = (400 * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2000,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    const codeArrived: string[] = [];
    page.on('requestfinished', (request) => {
      if (/\/assets\/latest-page-[\w-]+\.js$/.test(request.url())) codeArrived.push(request.url());
    });

    const tappedAt = Date.now();
    await tabLink(page, CHANNEL_LABEL.uncensored).tap();
    const loading = page.getByTestId('page-loading');
    await loading.waitFor();
    await expect.poll(() => loading.locator('[class*="skeleton"]').first().isVisible()).toBe(true);
    const skeletonAfterMs = Date.now() - tappedAt;
    // The frame and the skeleton, while the screen's code is still on its way.
    expect(codeArrived).toEqual([]);
    expect(await loading.textContent()).toContain(CHANNEL_TEXT.latestTitle('uncensored'));
    expect(await tabBar(page).isVisible()).toBe(true);
    await screenshot(page, 'network-slow-skeleton');

    await listCard(page, 'uncensored').waitFor({ timeout: 60_000 });
    console.info(
      `slow network: skeleton ${skeletonAfterMs} ms after the tap, the list's first card ${Date.now() - tappedAt} ms`,
    );
  }, 90_000);
});
