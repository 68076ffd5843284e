import {
  ALL_TIME,
  API,
  API_BASE,
  httpStatusError,
  type EntityCountRow,
  PAGE_SIZE,
  type PerformerRow,
  type WorkListItem,
} from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT, workCountText } from '../packages/web/src/app/texts';
import { ENTITY_TEXT } from '../packages/web/src/features/entities/texts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';
import { scrollToEnd } from './support/lists';

const WORKS = PAGE_SIZE.workList;

const journey = useJourney();

const { url } = journey;

type Rows<T> = { rows: T[]; total: number };
type Table = 'maker' | 'label' | 'series' | 'director' | 'item';
const sidebarPaging = { pageNum: 1, pageSize: PAGE_SIZE.sidebar };

/** A sidebar page as the API answers it. */
const tagList = (tableName: Table, modId: number, pageNum = 1) =>
  journey.server.apiGet<Rows<EntityCountRow>>(API.tagList, { ...sidebarPaging, tableName, modId, pageNum });

const performers = (modName: 'censored' | 'uncensored') =>
  journey.server.apiGet<Rows<PerformerRow>>(API.performerList, {
    ...sidebarPaging,
    modName,
    sort: modName === 'uncensored' ? 'uncensoredCount' : 'count',
  });

/** Works the page should list: the entity's channel, all time, newest first, with magnets unless told. */
const works = (modName: string, filter: Record<string, string | number>, pageNum = 1) =>
  journey.server.apiGet<Rows<WorkListItem>>(API.worksList, {
    ...{ modName, sort: 'pubTime', date: ALL_TIME, isDht: 1, pageNum, pageSize: WORKS },
    ...filter,
  });

const sidebar = (page: Page, title: string) => page.getByRole('navigation', { name: title });
const entries = (page: Page, title: string) => sidebar(page, title).locator('[data-entity-id]');
const entry = (page: Page, title: string, id: string) =>
  sidebar(page, title).locator(`[data-entity-id="${id}"]`);
const activeEntry = (page: Page, title: string) => sidebar(page, title).locator('[aria-current="page"]');
const worksSection = (page: Page) => page.locator('section[aria-labelledby="entity-works-title"]');
const cards = (page: Page) => worksSection(page).locator('a[href]');
/** How many header menu entries are highlighted (with this name, when given). */
const selectedTabs = (page: Page, name?: string) => page.getByRole('tab', { name, selected: true }).count();

/** Waits until the grid shows exactly these works, in this order. */
async function expectWorks(page: Page, rows: readonly WorkListItem[]) {
  await expect.poll(() => cards(page).count()).toBe(rows.length);
  expect(await cards(page).first().innerText()).toContain(rows[0]!.number);
  expect(await cards(page).last().innerText()).toContain(rows.at(-1)!.number);
}

/** The sidebar highlights this entry (name and count) and the works carry its name. */
async function expectActive(page: Page, title: string, row: { id: string; name: string; count: number }) {
  await expect.poll(() => activeEntry(page, title).getAttribute('data-entity-id')).toBe(row.id);
  expect(await activeEntry(page, title).innerText()).toBe(`${row.name}\n${workCountText(row.count)}`);
  expect(await worksSection(page).getByRole('heading').innerText()).toContain(row.name);
}

function columns(page: Page): Promise<number> {
  return cards(page)
    .first()
    .evaluate((card) => getComputedStyle(card.parentElement!).gridTemplateColumns.split(' ').length);
}

/** Waits for the covers on screen and the fonts, so a screenshot shows them. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      })
      .every((img) => img.complete && img.naturalWidth > 0),
  );
  await page.evaluate(() => document.fonts.ready);
}

/** The same screen wider (1280 × 800 unless told): sidebar on the left, the works beside it. */
async function desktopShot(page: Page, name: string, width = 1280, expectedColumns = 8) {
  await page.setViewportSize({ width, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => columns(page)).toBe(expectedColumns);
  const [aside, works] = await Promise.all([
    page.locator('aside').boundingBox(),
    worksSection(page).boundingBox(),
  ]);
  expect(aside!.x).toBe(0);
  expect(works!.x).toBeGreaterThanOrEqual(aside!.width);
  expect(await overflowsHorizontally(page)).toBe(false);
  await settled(page);
  await screenshot(page, `${name}-${width}`);
}

describe('maker, label and series pages', () => {
  it('/maker/index selects the first maker; another maker opens its own works', async () => {
    const makers = await tagList('maker', 1);
    const [first, second] = makers.rows;
    const page = await journey.page();
    await page.goto(url('/maker/index'));

    await expect.poll(() => entries(page, ENTITY_TEXT.makerTitle).count()).toBe(makers.rows.length);
    await expectActive(page, ENTITY_TEXT.makerTitle, first!);
    await expectWorks(page, (await works('censored', { makerId: first!.id })).rows);
    expect(await selectedTabs(page, ENTITY_TEXT.makerTitle)).toBe(1);
    expect(await columns(page)).toBe(2);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expect.poll(() => page.title()).toBe(`${ENTITY_TEXT.makerTitle} - ${UI_TEXT.siteName}`);
    await settled(page);
    await screenshot(page, 'maker-index');

    await entry(page, ENTITY_TEXT.makerTitle, second!.id).click();
    await page.waitForURL(url(`/maker/${second!.id}`));
    await expectActive(page, ENTITY_TEXT.makerTitle, second!);
    await expectWorks(page, (await works('censored', { makerId: second!.id })).rows);
    await settled(page);
    await screenshot(page, 'maker-entry');
    await desktopShot(page, 'maker-entry');
  });

  it('pages the series sidebar and keeps the page in the entry’s URL', async () => {
    const [firstPage, secondPage] = await Promise.all([tagList('series', 1, 1), tagList('series', 1, 2)]);
    expect(firstPage.total).toBeGreaterThan(PAGE_SIZE.sidebar);
    const pages = Math.ceil(firstPage.total / PAGE_SIZE.sidebar);
    const page = await journey.page();
    await page.goto(url('/series/index'));
    const title = ENTITY_TEXT.seriesTitle;

    await expect.poll(() => entries(page, title).count()).toBe(PAGE_SIZE.sidebar);
    expect(await sidebar(page, title).getByTestId('sidebar-page').innerText()).toBe(`1/${pages}`);
    await sidebar(page, title).getByRole('button', { name: '下一页' }).click();
    await sidebar(page, title).getByText(`2/${pages}`).waitFor();
    await expect
      .poll(() => entries(page, title).first().getAttribute('data-entity-id'))
      .toBe(secondPage.rows[0]!.id);
    await expect.poll(() => entries(page, title).count()).toBe(secondPage.rows.length);
    await screenshot(page, 'series-sidebar-page-2');

    const target = secondPage.rows[0]!;
    await entry(page, title, target.id).click();
    await page.waitForURL(url(`/series/${target.id}?page=2`));
    await expectActive(page, title, target);
    await expectWorks(page, (await works('censored', { seriesId: target.id })).rows);

    // A reload of that URL shows the same sidebar page with the entry highlighted.
    await page.reload();
    await expectActive(page, title, target);
    await sidebar(page, title).getByRole('button', { name: '上一页' }).click();
    await expect.poll(() => entries(page, title).count()).toBe(PAGE_SIZE.sidebar);
    expect(await activeEntry(page, title).count()).toBe(0);
    // Paged away, the works keep their entity's name.
    expect(await worksSection(page).getByRole('heading').innerText()).toContain(target.name);
    await desktopShot(page, 'series');
  });

  it.each([
    ['uncensored', 2, ENTITY_TEXT.uncensoredMakerTitle],
    ['western', 3, ENTITY_TEXT.westernMakerTitle],
  ] as const)('/maker/%s/{id} lists that channel’s makers (modId %i)', async (modName, modId, title) => {
    const makers = await tagList('maker', modId);
    const maker = makers.rows[1] ?? makers.rows[0]!;
    const page = await journey.page();
    await page.goto(url(`/maker/${modName}/${maker.id}`));
    await expect.poll(() => entries(page, title).count()).toBe(makers.rows.length);
    await expectActive(page, title, maker);
    await expectWorks(page, (await works(modName, { makerId: maker.id })).rows);
    expect(await cards(page).first().getAttribute('href')).toMatch(new RegExp(`^/${modName}/`));
    // The channel's header, with no menu entry highlighted.
    expect(await selectedTabs(page)).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await settled(page);
    await screenshot(page, `maker-${modName}`);
    await desktopShot(page, `maker-${modName}`);
  });
});

describe('director, item and performer pages', () => {
  it('/director: an entry opens its route, loads more, and reload goes back to page 1', async () => {
    const directors = await tagList('director', 1);
    const title = ENTITY_TEXT.directorTitle;
    // A director with more than one page of works, not the first (the index selects that one).
    const lists = await Promise.all(directors.rows.map((row) => works('censored', { directorId: row.id })));
    const index = lists.findIndex((list, i) => i > 0 && list.total > WORKS);
    expect(index, 'a director with more than 12 works').toBeGreaterThan(0);
    const [target, targetWorks] = [directors.rows[index], lists[index]];

    const page = await journey.page();
    await page.goto(url('/director/index'));
    await expectActive(page, title, directors.rows[0]!);
    await expectWorks(page, (await works('censored', { directorId: directors.rows[0]!.id })).rows);

    await entry(page, title, target!.id).click();
    await page.waitForURL(url(`/director/${target!.id}`));
    await expectActive(page, title, target!);
    await expectWorks(page, targetWorks!.rows);
    await settled(page);
    await screenshot(page, 'director-entry');

    const secondPage = await works('censored', { directorId: target!.id }, 2);
    await scrollToEnd(page);
    await expectWorks(page, [...targetWorks!.rows, ...secondPage.rows]);
    await screenshot(page, 'director-more');

    // Reload: back to the first page alone, scrolled to the top.
    const calls: string[] = [];
    page.on('request', (request) => {
      const u = new URL(request.url());
      if (u.pathname === `${API_BASE}${API.worksList}`) calls.push(u.searchParams.get('pageNum') ?? '');
    });
    await worksSection(page).getByTestId('entity-reload').click();
    await expectWorks(page, targetWorks!.rows);
    expect(calls).toEqual(['1']);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await worksSection(page).getByTestId('load-more').waitFor();
    await desktopShot(page, 'director');
  });

  it('keeps the grid’s columns by width beside the sidebar', async () => {
    const page = await journey.page();
    await page.goto(url('/director/index'));
    await cards(page).first().waitFor();
    for (const [width, expected] of [
      [600, 3],
      [800, 4],
      [1000, 6],
    ] as const) {
      await desktopShot(page, 'director', width, expected);
    }
  });

  it.each([
    ['label', ENTITY_TEXT.labelTitle, 'labelId'],
    ['item', ENTITY_TEXT.itemTitle, 'itemId'],
  ] as const)('/%s/index selects the first entry', async (table, title, param) => {
    const first = (await tagList(table, 1)).rows[0]!;
    const page = await journey.page();
    await page.goto(url(`/${table}/index`));
    await expectActive(page, title, first);
    await expectWorks(page, (await works('censored', { [param]: first.id })).rows);
    expect(await selectedTabs(page, title)).toBe(1);
    await settled(page);
    await screenshot(page, `${table}-index`);
    await desktopShot(page, table);
  });

  it.each([
    ['censored', '/performer', ENTITY_TEXT.performerTitle],
    ['uncensored', '/performer/uncensored', ENTITY_TEXT.uncensoredPerformerTitle],
  ] as const)('%s performers: %s/index, counts of the channel, an entry', async (modName, base, title) => {
    const list = await performers(modName);
    // The uncensored list counts a performer's uncensored works.
    const [first, second] = list.rows.map((row) => ({
      ...row,
      count: modName === 'uncensored' ? row.uncensoredCount : row.count,
    }));
    const page = await journey.page();
    await page.goto(url(`${base}/index`));
    await expectActive(page, title, first!);
    const pages = Math.ceil(list.total / PAGE_SIZE.sidebar);
    expect(await sidebar(page, title).getByTestId('sidebar-page').innerText()).toBe(`1/${pages}`);
    await expectWorks(page, (await works(modName, { performerId: first!.id })).rows);
    expect(await selectedTabs(page, ENTITY_TEXT.performerTitle)).toBe(1);
    await settled(page);
    await screenshot(page, `performer-${modName}`);

    await entry(page, title, second!.id).click();
    await page.waitForURL(url(`${base}/${second!.id}`));
    await expectActive(page, title, second!);
    await expectWorks(page, (await works(modName, { performerId: second!.id })).rows);
    await desktopShot(page, `performer-${modName}`);
  });

  it('the magnet filter switch reloads the list with every work', async () => {
    const director = (await tagList('director', 1)).rows[0]!;
    const all = await works('censored', { directorId: director.id, isDht: 0 });
    const page = await journey.page();
    await page.goto(url(`/director/${director.id}`));
    await worksSection(page).getByRole('switch').click();
    await worksSection(page).getByText(UI_TEXT.showAll).waitFor();
    await expectWorks(page, all.rows);
  });
});

describe('ids that are not entities', () => {
  it('a non-numeric id shows a message and calls nothing for works', async () => {
    const page = await journey.page();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(API.worksList)) calls.push(request.url());
    });
    await page.goto(url('/director/abc'));
    await page.getByText(ENTITY_TEXT.badId).waitFor();
    await expect.poll(() => entries(page, ENTITY_TEXT.directorTitle).count()).toBeGreaterThan(0);
    expect(await activeEntry(page, ENTITY_TEXT.directorTitle).count()).toBe(0);
    expect(calls).toEqual([]);
    await screenshot(page, 'director-bad-id');
  });

  it('an unknown id shows the empty list', async () => {
    const page = await journey.page();
    await page.goto(url('/performer/uncensored/999999999'));
    await worksSection(page).getByText(UI_TEXT.empty).waitFor();
    expect(await activeEntry(page, ENTITY_TEXT.uncensoredPerformerTitle).count()).toBe(0);
  });
});

describe('a failed sidebar (docs/product.md §8)', () => {
  it('shows only the transport toast, offers a retry, and its entries answer the keyboard', async () => {
    const directors = (await tagList('director', 1)).rows;
    const page = await journey.page();
    const tagListCall = (u: URL) => u.pathname === `${API_BASE}${API.tagList}`;
    await page.route(tagListCall, (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await page.goto(url('/director/index'));
    const retry = sidebar(page, ENTITY_TEXT.directorTitle).getByRole('button', { name: UI_TEXT.retry });
    await retry.waitFor();
    await page.getByText(UI_TEXT.listFailed).waitFor();
    // docs/product.md §8: an HTTP status is a transport error, a toast even for a list (decision 027).
    await page.locator('.adm-toast-main').getByText(httpStatusError(502), { exact: true }).waitFor();
    await screenshot(page, 'director-sidebar-failed');
    journey.dropProblems(); // the 502 we made

    await page.unroute(tagListCall);
    await retry.click();
    await expectActive(page, ENTITY_TEXT.directorTitle, directors[0]!);
    await entry(page, ENTITY_TEXT.directorTitle, directors[2]!.id).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(url(`/director/${directors[2]!.id}`));
    await expectActive(page, ENTITY_TEXT.directorTitle, directors[2]!);
  });
});
