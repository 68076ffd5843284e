import { API, type EntityMatch, MSG, PAGE_SIZE, type WorkListItem } from '@yingku/contract';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { performerPath, searchPath, workPath } from '../packages/web/src/app/paths';
import { UI_TEXT, workCountText } from '../packages/web/src/app/texts';
import { SEARCH_TABS } from '../packages/web/src/features/channel/channel-params';
import { ENTITY_KIND_LABEL } from '../packages/web/src/components/channel-header/suggest-texts';
import { CHANNEL_TEXT } from '../packages/web/src/features/channel/texts';
import { DESKTOP, networkQuiet, screenshot } from './support/browser';
import { firstPerformer } from './support/demo-data';
import { useJourney } from './support/journey';
import { overflowsHorizontally, coversInViewLoaded } from './support/page-checks';
import { scrollToEnd } from './support/lists';

/** Every demo censored and uncensored number starts with YK; western numbers never do. */
const KEYWORD = 'YK';

const journey = useJourney();
/** Works-list calls the page made. */
let listCalls: URL[];

/** A fresh tab (phone unless `device`) on `path`, its works-list calls recorded in `listCalls`. */
async function open(path: string, device?: BrowserContextOptions): Promise<Page> {
  const page = await journey.page({ device });
  listCalls = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(API.worksList)) listCalls.push(url);
  });
  await page.goto(journey.url(path));
  return page;
}

const search = (query: Record<string, string | number>) =>
  journey.server.apiGet<{ rows: WorkListItem[]; total: number }>(API.worksList, {
    pageNum: 1,
    pageSize: PAGE_SIZE.search,
    sort: 'pubTime',
    date: 999,
    isDht: 1,
    ...query,
  });

const cards = (page: Page) =>
  page.locator('main a[href^="/censored/"], main a[href^="/uncensored/"], main a[href^="/western/"]');
const shownWorks = (page: Page) =>
  expect.poll(() => cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
const total = (page: Page) => page.getByTestId('works-total');
const tabTitle = (key: (typeof SEARCH_TABS)[number]) =>
  key === 'all' ? CHANNEL_TEXT.searchAll : CHANNEL_TEXT.searchOnly(key);

describe('search (docs/product.md §2, §5)', () => {
  it('shows the results of every tab: all, censored, uncensored, western', async () => {
    const page = await open(searchPath(KEYWORD));
    await expect.poll(() => page.title()).toBe(`${CHANNEL_TEXT.searchTitle} - ${UI_TEXT.siteName}`);
    expect(await page.locator('header input').first().inputValue()).toBe(KEYWORD);

    for (const key of SEARCH_TABS) {
      if (key !== 'all') await page.getByRole('tab', { name: tabTitle(key), exact: true }).tap();
      await page.waitForURL((u) => (u.searchParams.get('tab') ?? 'all') === key);
      const expected = await search({ keyword: KEYWORD, ...(key === 'all' ? {} : { modName: key }) });
      await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(expected.total));
      await shownWorks(page).toEqual(expected.rows.map(workPath));
      const lastCall = listCalls.at(-1)!;
      expect(lastCall.searchParams.get('keyword')).toBe(KEYWORD);
      expect(lastCall.searchParams.get('pageSize')).toBe(String(PAGE_SIZE.search));
      expect(lastCall.searchParams.get('modName')).toBe(key === 'all' ? null : key);
      if (key === 'western') {
        expect(expected.total).toBe(0);
        await page.getByText(UI_TEXT.empty, { exact: true }).waitFor();
      } else {
        expect(expected.total).toBeGreaterThan(PAGE_SIZE.search);
        expect(await cards(page).count()).toBe(PAGE_SIZE.search);
      }
      await coversInViewLoaded(page);
      await screenshot(page, `search-${key}`);
    }

    // Load more continues the tab's own list.
    await page.getByRole('tab', { name: tabTitle('uncensored'), exact: true }).tap();
    const uncensored = await search({
      keyword: KEYWORD,
      modName: 'uncensored',
      pageSize: 2 * PAGE_SIZE.search,
    });
    await shownWorks(page).toEqual(uncensored.rows.slice(0, PAGE_SIZE.search).map(workPath));
    await scrollToEnd(page);
    await shownWorks(page).toEqual(uncensored.rows.map(workPath));
  });

  it('finds a work by its number in another spelling', async () => {
    const [work] = (await search({ keyword: 'YKU', modName: 'uncensored', pageSize: 1 })).rows;
    const page = await open(searchPath(work!.number.toLowerCase().replace('-', '')));
    await shownWorks(page).toContain(workPath(work!));
  });

  it('shows the info text and asks nothing for a keyword of 33 characters', async () => {
    const page = await open(searchPath('k'.repeat(33)));
    await page.getByText(MSG.keywordInfo, { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByRole('tab', { name: CHANNEL_TEXT.searchAll, exact: true }).count()).toBe(0);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'search-keyword-info');
    expect(listCalls).toEqual([]);

    const blank = await open(`${searchPath(' ')}`);
    await blank.getByText(MSG.keywordInfo, { exact: true }).waitFor();
    expect(listCalls).toEqual([]);
  });

  it('searches from the box: a new keyword replaces the list; an empty one is refused', async () => {
    const page = await open(searchPath(KEYWORD), DESKTOP);
    // A desktop screen holds more than a page of 24: the infinite list fills it (docs/product.md §2).
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(PAGE_SIZE.search);
    const box = page.locator('header input').first();

    await box.fill('   ');
    await box.press('Enter');
    await page.getByText(MSG.keywordWarning).waitFor();
    expect(new URL(page.url()).pathname).toBe(searchPath(KEYWORD));
    await page.getByText(MSG.keywordWarning).waitFor({ state: 'hidden' });

    const [work] = (await search({ keyword: 'YKA', modName: 'censored', pageSize: 1 })).rows;
    await box.fill(work!.number);
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === searchPath(work!.number));
    const expected = await search({ keyword: work!.number });
    await shownWorks(page).toEqual(expected.rows.map(workPath));
    expect(await overflowsHorizontally(page)).toBe(false);
    await coversInViewLoaded(page);
    await screenshot(page, 'search-1280');

    // Back shows the earlier keyword in the box and its results again.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === searchPath(KEYWORD));
    await expect.poll(() => box.inputValue()).toBe(KEYWORD);
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(PAGE_SIZE.search);
  });
});

describe('search finds people and makers', () => {
  it('shows a performer searched by name above the works, and opens their list', async () => {
    const performer = await firstPerformer(journey.server);
    const page = await open(searchPath(performer.name));
    const matches = page.getByTestId('entity-matches');
    const match = matches.getByRole('link', { name: new RegExp(performer.name) });
    await match.waitFor();
    expect(await match.getAttribute('href')).toBe(performerPath('censored', performer.id));
    expect(await match.innerText()).toContain(workCountText(performer.count));
    // Every match the API names is shown, by kind, under its kind's title.
    const answer = await journey.server.apiGet<{ rows: EntityMatch[] }>(API.searchEntities, {
      keyword: performer.name,
    });
    expect(await matches.getByRole('link').count()).toBe(answer.rows.length);
    expect(await matches.getByRole('heading').allInnerTexts()).toContain(ENTITY_KIND_LABEL.performer);
    // The works tab answers as before, under the matches.
    await networkQuiet(page);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'search-performer');

    await match.tap();
    await page.waitForURL((u) => u.pathname === performerPath('censored', performer.id));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
  });

  it('shows no matches for a keyword that names nobody: the works alone', async () => {
    const page = await open(searchPath(KEYWORD));
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE.search);
    expect(await page.getByTestId('entity-matches').count()).toBe(0);
  });
});
