import {
  ALL_TIME,
  API,
  LATEST_DEFAULTS,
  PAGE_SIZE,
  type TagGroup,
  type WorkListItem,
} from '@yingku/contract';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tagsPath, workPath } from '../packages/web/src/app/paths';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { CHANNEL_TEXT } from '../packages/web/src/features/channel/texts';
import { DESKTOP, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { overflowsHorizontally, coversInViewLoaded } from './support/page-checks';
import { scrollToEnd, worksPageRequest } from './support/lists';

const journey = useJourney();
const { url } = journey;

/** A fresh tab (phone unless `device`) on `path`. */
async function open(path: string, device?: BrowserContextOptions): Promise<Page> {
  const page = await journey.page({ device });
  await page.goto(url(path));
  return page;
}

type Query = Record<string, string | number>;
const works = (query: Query) =>
  journey.server.apiGet<{ rows: WorkListItem[]; total: number }>(API.worksList, { pageNum: 1, ...query });

const cards = (page: Page) =>
  page.locator('main a[href^="/censored/"], main a[href^="/uncensored/"], main a[href^="/western/"]');
/** The works the list shows, by the detail route each card links to (work numbers share the card with badges). */
const shownWorks = (page: Page, count: number) =>
  expect.poll(async () =>
    (await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).slice(0, count),
  );
const paths = (rows: WorkListItem[]) => rows.map(workPath);
/** The detail routes of a ranking's first page, as the API ranks them. */
const ranked = async (modName: string, sort: string, date: number) =>
  paths((await works({ modName, pageSize: PAGE_SIZE.ranking, sort, date, isDht: 1 })).rows);
const total = (page: Page) => page.getByTestId('works-total');
const title = (page: Page) => expect.poll(() => page.title());

describe('latest lists (docs/product.md §2, §4, §9)', () => {
  it('shows 32 works of the last 30 days with magnets, and 32 more as the user scrolls to the end', async () => {
    const page = await open('/censored');
    const expected = await works({ modName: 'censored', pageSize: 64, ...LATEST_DEFAULTS, isDht: 1 });
    expect(expected.total).toBeGreaterThan(64);

    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE.latest);
    await shownWorks(page, 32).toEqual(paths(expected.rows.slice(0, 32)));
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(expected.total));
    await title(page).toBe(`${CHANNEL_TEXT.latestTitle('censored')} - ${UI_TEXT.siteName}`);
    expect(await page.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(await columns(page)).toBe(2);
    expect(await overflowsHorizontally(page)).toBe(false);
    await coversInViewLoaded(page);
    await screenshot(page, 'channel-latest');

    // Lists are infinite (docs/product.md §2): near the end, the next page comes without a tap.
    const secondPage = worksPageRequest(page, 2);
    await scrollToEnd(page);
    await secondPage;
    await expect.poll(() => cards(page).count()).toBe(2 * PAGE_SIZE.latest);
    await shownWorks(page, 64).toEqual(paths(expected.rows));
    await screenshot(page, 'channel-latest-more');
  });

  it('loads to the end and shows the no-more text; the magnet filter reloads from page 1', async () => {
    const page = await open('/western');
    const withMagnets = await works({ modName: 'western', pageSize: 100, ...LATEST_DEFAULTS, isDht: 1 });
    const all = await works({ modName: 'western', pageSize: 100, ...LATEST_DEFAULTS });
    expect(all.total).toBeGreaterThan(withMagnets.total);
    expect(withMagnets.total).toBeLessThan(5 * PAGE_SIZE.latest);
    expect(withMagnets.rows.every((w) => w.isDht === 1)).toBe(true);

    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(withMagnets.total));
    while ((await page.getByTestId('no-more').count()) === 0) {
      const before = await cards(page).count();
      await scrollToEnd(page);
      await expect.poll(() => cards(page).count()).toBeGreaterThan(before);
    }
    expect(await cards(page).count()).toBe(withMagnets.total);
    expect(await page.getByTestId('no-more').innerText()).toBe(UI_TEXT.noMore);
    await page.getByTestId('no-more').scrollIntoViewIfNeeded();
    await coversInViewLoaded(page);
    await screenshot(page, 'channel-latest-no-more');

    // Show all: page 1 again, without isDht, with the works that have no magnets.
    const request = page.waitForRequest(
      (r) => r.url().includes(API.worksList) && new URL(r.url()).searchParams.get('pageNum') === '1',
    );
    await page.getByRole('switch').tap();
    expect(new URL((await request).url()).searchParams.has('isDht')).toBe(false);
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(all.total));
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE.latest);
    await shownWorks(page, 32).toEqual(paths(all.rows.slice(0, 32)));
    expect(await page.getByText(UI_TEXT.showAll).isVisible()).toBe(true);

    // Kept for the session: a reload still shows all.
    await page.reload();
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(all.total));
    expect(await page.getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('lays 8 works to a row on a desktop', async () => {
    const page = await open('/uncensored', DESKTOP);
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE.latest);
    await title(page).toBe(`${CHANNEL_TEXT.latestTitle('uncensored')} - ${UI_TEXT.siteName}`);
    expect(await columns(page)).toBe(8);
    expect(await overflowsHorizontally(page)).toBe(false);
    await coversInViewLoaded(page);
    await screenshot(page, 'channel-latest-1280');
  });
});

describe('rankings (docs/product.md §2, §9)', () => {
  it('has four tabs on censored; the ranked tabs have date chips', async () => {
    const page = await open('/top');
    await title(page).toBe(`${CHANNEL_TEXT.rankingTitle('censored')} - ${UI_TEXT.siteName}`);
    await shownWorks(page, 12).toEqual(await ranked('censored', 'pubTime', ALL_TIME));
    expect(await cards(page).count()).toBe(PAGE_SIZE.ranking);
    const dates = page.getByRole('group', { name: CHANNEL_TEXT.rankingDatesLabel });
    expect(await dates.count()).toBe(0);
    for (const name of [CHANNEL_TEXT.sortCollect, CHANNEL_TEXT.sortEvaluates, CHANNEL_TEXT.sortAverage]) {
      expect(await page.getByRole('tab', { name, exact: true }).isVisible()).toBe(true);
    }

    await page.getByRole('tab', { name: CHANNEL_TEXT.sortCollect, exact: true }).tap();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'collect');
    await shownWorks(page, 12).toEqual(await ranked('censored', 'collect', 30));
    for (const days of [30, 90, 365, 999]) {
      await dates.getByText(CHANNEL_TEXT.dateWindow(days), { exact: true }).waitFor();
    }
    await coversInViewLoaded(page);
    await screenshot(page, 'channel-top');

    await dates.getByText(CHANNEL_TEXT.dateWindow(ALL_TIME), { exact: true }).tap();
    await page.waitForURL((u) => u.searchParams.get('date') === '999');
    await shownWorks(page, 12).toEqual(await ranked('censored', 'collect', 999));

    await page.getByRole('tab', { name: CHANNEL_TEXT.sortEvaluates, exact: true }).tap();
    await shownWorks(page, 12).toEqual(await ranked('censored', 'evaluates', 999));
  });

  it('has latest and high-rated only on western, with chips 90/365/all', async () => {
    const page = await open('/top/western?sort=average', DESKTOP);
    await shownWorks(page, 12).toEqual(await ranked('western', 'average', 90));
    expect(await page.getByRole('tab', { name: CHANNEL_TEXT.sortCollect, exact: true }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: CHANNEL_TEXT.sortPubTime, exact: true }).isVisible()).toBe(
      true,
    );
    const dates = page.getByRole('group', { name: CHANNEL_TEXT.rankingDatesLabel });
    expect(await dates.getByText(CHANNEL_TEXT.dateWindow(30), { exact: true }).count()).toBe(0);
    await dates.getByText(CHANNEL_TEXT.dateWindow(365), { exact: true }).click();
    await shownWorks(page, 12).toEqual(await ranked('western', 'average', 365));
    expect(await overflowsHorizontally(page)).toBe(false);
    await coversInViewLoaded(page);
    await screenshot(page, 'channel-top-1280');
  });
});

describe('categories (docs/product.md §2)', () => {
  it('selects two tags: the route and the list follow; clearing goes back to index', async () => {
    const page = await open('/tags/index');
    await title(page).toBe(`${CHANNEL_TEXT.categoriesTitle('censored')} - ${UI_TEXT.siteName}`);
    const { data: groups } = await journey.server.apiGet<{ data: TagGroup[] }>(API.tagChannel, { modId: 1 });
    const [first, second] = [groups[0]!.items[0]!, groups[2]!.items[0]!];
    const everything = await works({ modName: 'censored', pageSize: 24, date: ALL_TIME, isDht: 1 });
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(everything.total));
    expect(await cards(page).count()).toBe(PAGE_SIZE.categories);
    expect(await page.getByText(CHANNEL_TEXT.pickTagsHint).isVisible()).toBe(true);
    await screenshot(page, 'channel-tags-index');

    const option = (group: TagGroup, name: string) =>
      page.getByRole('region', { name: group.name }).getByRole('option', { name, exact: true });
    await option(groups[0]!, first.nameCn ?? first.name).tap();
    await page.waitForURL((u) => u.pathname === tagsPath('censored', first.id));
    const one = await works({
      modName: 'censored',
      pageSize: 24,
      date: ALL_TIME,
      tagsId: first.id,
      isDht: 1,
    });
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(one.total));

    await option(groups[2]!, second.nameCn ?? second.name).tap();
    const both = `${first.id},${second.id}`;
    await page.waitForURL((u) => u.pathname === tagsPath('censored', both));
    const two = await works({ modName: 'censored', pageSize: 24, date: ALL_TIME, tagsId: both, isDht: 1 });
    expect(two.total).toBeLessThan(one.total);
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(two.total));
    await shownWorks(page, 24).toEqual(paths(two.rows));
    const selection = page.getByTestId('tag-selection');
    expect(
      await selection
        .getByRole('button', { name: CHANNEL_TEXT.removeTag(first.nameCn ?? first.name) })
        .isVisible(),
    ).toBe(true);
    expect(await option(groups[2]!, second.nameCn ?? second.name).getAttribute('aria-selected')).toBe('true');
    await coversInViewLoaded(page);
    await screenshot(page, 'channel-tags-two');

    // Replaced, not pushed: back leaves the category page.
    await selection.getByRole('button', { name: CHANNEL_TEXT.clearTags }).tap();
    await page.waitForURL((u) => u.pathname === tagsPath('censored'));
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(everything.total));
    await page.goBack();
    await expect.poll(() => page.url()).toBe('about:blank');
  });

  it('opens a western selection from its route, on a desktop', async () => {
    const { data: groups } = await journey.server.apiGet<{ data: TagGroup[] }>(API.tagChannel, { modId: 3 });
    const tag = groups[0]!.items[0]!;
    const page = await open(tagsPath('western', tag.id), DESKTOP);
    const expected = await works({
      modName: 'western',
      pageSize: 24,
      date: ALL_TIME,
      tagsId: tag.id,
      isDht: 1,
    });
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(expected.total));
    expect(
      await page
        .getByRole('option', { name: tag.nameCn ?? tag.name, exact: true })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(await columns(page)).toBe(8);
    expect(await overflowsHorizontally(page)).toBe(false);
    await coversInViewLoaded(page);
    await screenshot(page, 'channel-tags-1280');
  });
});

describe('category routes', () => {
  it('send /tags/uncensored to its index, and ignore ids that are not numbers', async () => {
    const page = await open('/tags/uncensored');
    await page.waitForURL((u) => u.pathname === tagsPath('uncensored'));
    await title(page).toBe(`${CHANNEL_TEXT.categoriesTitle('uncensored')} - ${UI_TEXT.siteName}`);
    const everything = await works({ modName: 'uncensored', pageSize: 24, date: ALL_TIME, isDht: 1 });
    await expect.poll(() => total(page).innerText()).toBe(CHANNEL_TEXT.total(everything.total));

    await page.goto(url('/tags/abc'));
    await expect
      .poll(() => page.title())
      .toBe(`${CHANNEL_TEXT.categoriesTitle('censored')} - ${UI_TEXT.siteName}`);
    await page.getByText(CHANNEL_TEXT.pickTagsHint).waitFor();
  });
});

/** Works per row of the list, from the laid-out grid. */
function columns(page: Page): Promise<number> {
  return cards(page)
    .first()
    .evaluate((card) => getComputedStyle(card.parentElement!).gridTemplateColumns.split(' ').length);
}
