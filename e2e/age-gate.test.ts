import {
  ALL_TIME,
  API,
  API_BASE,
  CHANNEL_LABEL,
  httpStatusError,
  MOD_NAMES,
  MSG,
  type WorkListItem,
} from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { withoutPageData } from './support/first-page';
import { overflowsHorizontally, coversInViewLoaded } from './support/page-checks';

/** Works a home section loads, and how many a phone shows of them (2 columns × 3 full rows). */
const SECTION_WORKS = 8;
const PHONE_SECTION_WORKS = 6;

const journey = useJourney();

const { url } = journey;
const tabBar = (page: Page) => page.getByRole('navigation');

async function latestNumbers(modName: (typeof MOD_NAMES)[number], count: number): Promise<string[]> {
  const body = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName,
    pageNum: 1,
    pageSize: count,
    sort: 'pubTime',
    date: ALL_TIME,
    // The home page sends the session magnet filter, which is on by default (docs/product.md §4).
    isDht: 1,
  });
  return body.rows.map((work) => work.number);
}

describe('age gate (docs/product.md §1)', () => {
  it('asks at /, and entering replaces it with the home page', async () => {
    const page = await journey.page();
    await page.goto(url('/somewhere-before'));
    await page.goto(url('/'));

    await page.getByRole('heading', { name: MSG.ageGateTitle }).waitFor();
    expect(await page.getByText(MSG.ageGateText).isVisible()).toBe(true);
    expect(await tabBar(page).count()).toBe(0);
    await expect.poll(() => page.title()).toBe(`${MSG.ageGateTitle} - ${UI_TEXT.siteName}`);
    await screenshot(page, 'age-gate');

    await page.getByRole('button', { name: MSG.ageGateEnter }).tap();
    await page.waitForURL(url('/index'));
    await expect.poll(() => page.title()).toBe(`${UI_TEXT.homeTitle} - ${UI_TEXT.siteName}`);

    // The gate was replaced, not pushed: back leads to the page before it.
    await page.goBack();
    await page.waitForURL(url('/somewhere-before'));
  });

  it('leaving goes back in history', async () => {
    const page = await journey.page();
    await page.goto(url('/index'));
    await page.goto(url('/'));
    await page.getByRole('button', { name: MSG.ageGateLeave }).tap();
    await page.waitForURL(url('/index'));
  });

  it('still asks at / after the visitor has entered once', async () => {
    const page = await journey.page();
    await page.goto(url('/'));
    await page.getByRole('button', { name: MSG.ageGateEnter }).tap();
    await page.waitForURL(url('/index'));
    await page.goto(url('/'));
    await page.getByRole('button', { name: MSG.ageGateEnter }).waitFor();
  });
});

describe('home (/index)', () => {
  it('shows the newest works of each channel, two to a row on a phone', async () => {
    const page = await journey.page();
    await page.goto(url('/index'));

    for (const modName of MOD_NAMES) {
      const section = page.getByRole('region', { name: CHANNEL_LABEL[modName] });
      const numbers = await latestNumbers(modName, SECTION_WORKS);
      expect(numbers.length).toBe(SECTION_WORKS);
      for (const number of numbers.slice(0, PHONE_SECTION_WORKS)) {
        await section.getByText(number, { exact: true }).waitFor();
      }
      // Only full rows: the works beyond three rows of two are loaded but not shown on a phone.
      for (const number of numbers.slice(PHONE_SECTION_WORKS)) {
        await section.getByText(number, { exact: true }).waitFor({ state: 'hidden' });
      }
      const more = section.getByRole('link', { name: UI_TEXT.more });
      expect(await more.getAttribute('href')).toBe(`/${modName}`);
    }

    expect(await columns(page)).toBe(2);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await tabBar(page).isVisible()).toBe(true);
    await coversInViewLoaded(page, { atLeastOne: true });
    await screenshot(page, 'home');
    await scrollThrough(page);
    await screenshot(page, 'home-full', true);
  });

  it.each([
    [600, 3],
    [800, 4],
    [1000, 6],
    [1280, 8],
  ])('lays works out by width: %i px → %i to a row', async (width, expected) => {
    const page = await journey.page({ device: { viewport: { width, height: 900 }, locale: 'zh-CN' } });
    await page.goto(url('/index'));
    await page
      .getByRole('region', { name: CHANNEL_LABEL.censored })
      .locator('a[href^="/censored/"]')
      .first()
      .waitFor();
    expect(await columns(page)).toBe(expected);
    expect(await overflowsHorizontally(page)).toBe(false);
    await coversInViewLoaded(page, { atLeastOne: true });
    await screenshot(page, `home-${width}`);
  });
});

describe('failed calls (docs/product.md §8)', () => {
  it('show the transport text in a toast, and the section offers a retry', async () => {
    const page = await journey.page();
    const westernList = (u: URL) =>
      u.pathname === `${API_BASE}${API.worksList}` && u.searchParams.get('modName') === 'western';
    await page.route(westernList, (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    // As the cached shell sends it: the page's own lists would leave no call to fail (decision 029).
    await withoutPageData(page, '/index');
    await page.goto(url('/index'));

    await page.getByText(httpStatusError(502)).waitFor();
    const western = page.getByRole('region', { name: CHANNEL_LABEL.western });
    const retry = western.getByRole('button', { name: UI_TEXT.retry });
    await retry.scrollIntoViewIfNeeded();
    await screenshot(page, 'home-failed-call');

    await page.unroute(westernList);
    await retry.tap();
    await western.locator('a[href^="/western/"]').first().waitFor();
    // The browser logged the 502 we made: expected here, so not a problem of the page.
    journey.dropProblems();
  });
});

describe('unknown paths', () => {
  it('show the not-found page with the tab bar', async () => {
    const page = await journey.page();
    await page.goto(url('/no/such/page'));
    await page.getByText(UI_TEXT.notFoundTitle, { exact: true }).waitFor();
    expect(await tabBar(page).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(`${UI_TEXT.notFoundTitle} - ${UI_TEXT.siteName}`);
    await screenshot(page, 'not-found');

    await page.getByRole('button', { name: UI_TEXT.backHome }).tap();
    await page.waitForURL(url('/index'));
  });
});

/** Works per row of the first home section, from the laid-out grid. */
function columns(page: Page): Promise<number> {
  return page
    .getByRole('region', { name: CHANNEL_LABEL.censored })
    .locator('a[href^="/censored/"]')
    .first()
    .evaluate((card) => getComputedStyle(card.parentElement!).gridTemplateColumns.split(' ').length);
}

/** Scrolls to the bottom a screen at a time, waiting at each for the covers there, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await coversInViewLoaded(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await coversInViewLoaded(page);
}
