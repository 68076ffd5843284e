import {
  ALL_TIME,
  API,
  fillPath,
  PAGE_SIZE,
  type PerformerRow,
  type WorkDetailResponse,
  type WorkListItem,
} from '@yingku/contract';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { SEARCH_PLACEHOLDER } from '../packages/web/src/components/channel-header/texts';
import { VIP_TEXT } from '../packages/web/src/features/vip/texts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { scrollToEnd, worksPageRequest } from './support/lists';

const journey = useJourney();

const { url } = journey;

/** A fresh phone tab on `path`, with `init` run in each document before the page's scripts. */
async function open(path: string, init?: () => void): Promise<Page> {
  const { page, context } = await journey.open();
  if (init) await context.addInitScript(init);
  await page.goto(url(path));
  return page;
}

type Rows<T> = { rows: T[]; total: number };
const works = (query: Record<string, string | number>) =>
  journey.server.apiGet<Rows<WorkListItem>>(API.worksList, { pageNum: 1, ...query });
const detail = (id: string) => journey.server.apiGet<WorkDetailResponse>(fillPath(API.workDetail, { id }));

const cards = (page: Page) =>
  page.locator('main a[href^="/censored/"], main a[href^="/uncensored/"], main a[href^="/western/"]');
const isWorksPage = (request: Request) => request.url().includes(API.worksList);
const pageNumOf = (request: Request) => new URL(request.url()).searchParams.get('pageNum');
/** Two frames: long enough for an IntersectionObserver to have reported what is on screen. */
const framesDone = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

describe('infinite lists (docs/product.md §2 "Lists are infinite", §4)', () => {
  it('asks each page once, and after a failed page loads nothing until the retry', async () => {
    const page = await open('/censored');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (isWorksPage(r)) asked.push(pageNumOf(r) ?? '');
    });
    // The second page fails once, as the server would say it (code 500 in the body).
    let failures = 0;
    await page.route(
      (u) => u.pathname.endsWith(API.worksList) && u.searchParams.get('pageNum') === '2',
      async (route) => {
        if (failures++ > 0) return route.continue();
        await route.fulfill({ json: { code: 500, msg: 'test failure' } });
      },
    );
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE.latest);

    await scrollToEnd(page);
    await page.getByTestId('load-more-retry').waitFor();
    // Scrolling up and back to the end again asks nothing: only the retry does.
    await page.evaluate(() => window.scrollTo(0, 0));
    await framesDone(page);
    await scrollToEnd(page);
    await framesDone(page);
    expect(asked.filter((n) => n === '2')).toHaveLength(1);
    expect(await cards(page).count()).toBe(PAGE_SIZE.latest);
    await screenshot(page, 'lists-page-failed');

    const retried = worksPageRequest(page, 2);
    await page.getByTestId('load-more-retry').tap();
    await retried;
    await expect.poll(() => cards(page).count()).toBe(2 * PAGE_SIZE.latest);
    // And on to the third page by scrolling, each page asked once.
    await scrollToEnd(page);
    await expect.poll(() => cards(page).count()).toBe(3 * PAGE_SIZE.latest);
    await page.getByTestId('load-more').waitFor();
    expect(asked.filter((n) => n !== '1')).toEqual(['2', '2', '3']);
  });

  it('keeps 加载更多 working where the browser does not report the scroll', async () => {
    // An IntersectionObserver that never reports (a WebView that throttles it): only the button loads.
    const page = await open('/censored', () => {
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE.latest);
    await scrollToEnd(page);
    await page.getByTestId('load-more').waitFor();
    await framesDone(page);
    expect(await cards(page).count()).toBe(PAGE_SIZE.latest);
    await page.getByTestId('load-more').tap();
    await expect.poll(() => cards(page).count()).toBe(2 * PAGE_SIZE.latest);
    expect(await page.getByTestId('load-more').innerText()).toBe(UI_TEXT.loadMore);
  });
});

describe("a work's entities open its own channel's pages (decision 030)", () => {
  /** An uncensored work with a tag, a maker, and a performer who is not on the sidebar's first page. */
  async function uncensoredWork() {
    const firstPage = await journey.server.apiGet<Rows<PerformerRow>>(API.performerList, {
      pageNum: 1,
      pageSize: PAGE_SIZE.sidebar,
      modName: 'uncensored',
      sort: 'uncensoredCount',
    });
    const onFirstPage = new Set(firstPage.rows.map((p) => p.id));
    const list = await works({ modName: 'uncensored', pageSize: 100, date: ALL_TIME });
    for (const row of list.rows) {
      const found = await detail(row.id);
      const performer = found.performer.find((p) => !onFirstPage.has(p.id));
      if (found.tags.length && found.maker.length && performer) return { work: found, performer };
    }
    throw new Error('no uncensored demo work with a performer past the first sidebar page');
  }

  const href = (page: Page, kind: string, id: string) =>
    page.locator(`a[data-kind="${kind}"][href$="/${id}"]`).getAttribute('href');
  const worksTitle = (page: Page) => page.locator('#entity-works-title');
  const entityWorks = (filter: Record<string, string>) =>
    works({ modName: 'uncensored', sort: 'pubTime', date: ALL_TIME, isDht: 1, pageSize: 12, ...filter });

  it('an uncensored work links to /tags, /maker and /performer under uncensored, each naming the entity with its works', async () => {
    const { work, performer } = await uncensoredWork();
    const [tag, maker] = [work.tags[0]!, work.maker[0]!];
    const page = await open(`/uncensored/${work.data.id}`);
    await page.getByRole('heading', { name: work.data.number }).waitFor();
    expect(await href(page, 'tag', tag.id)).toBe(`/tags/uncensored/${tag.id}`);
    expect(await href(page, 'maker', maker.id)).toBe(`/maker/uncensored/${maker.id}`);
    expect(await href(page, 'performer', performer.id)).toBe(`/performer/uncensored/${performer.id}`);
    await screenshot(page, 'lists-uncensored-detail');

    // The maker opens in a new window, as docs/product.md §2 says.
    const [makerPage] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator(`a[data-kind="maker"][href$="/${maker.id}"]`).tap(),
    ]);
    await makerPage.waitForURL(url(`/maker/uncensored/${maker.id}`));
    const makerWorks = await entityWorks({ makerId: maker.id });
    expect(makerWorks.total).toBeGreaterThan(0);
    await expect.poll(() => worksTitle(makerPage).innerText()).toContain(maker.name);
    await expect.poll(() => cards(makerPage).count()).toBe(makerWorks.rows.length);
    expect(await cards(makerPage).first().getAttribute('href')).toBe(`/uncensored/${makerWorks.rows[0]!.id}`);
    await screenshot(makerPage, 'lists-uncensored-maker');
    await makerPage.close();

    // A performer far down the sidebar is still named (from the detail of their first work).
    await page.goto(url(`/performer/uncensored/${performer.id}`));
    const performerWorks = await entityWorks({ performerId: performer.id });
    expect(performerWorks.total).toBeGreaterThan(0);
    await expect.poll(() => worksTitle(page).innerText()).toContain(performer.name);
    await expect.poll(() => cards(page).count()).toBe(performerWorks.rows.length);
    await screenshot(page, 'lists-uncensored-performer');

    await page.goto(url(`/tags/uncensored/${tag.id}`));
    await expect.poll(() => page.getByTestId('tag-selection').innerText()).toContain(tag.nameCn || tag.name);
    await cards(page).first().waitFor();
    expect(await cards(page).first().getAttribute('href')).toMatch(/^\/uncensored\//);
    await screenshot(page, 'lists-uncensored-tag');
  });

  it('a western work links its maker and tags to the western pages, and its performers to none', async () => {
    const list = await works({ modName: 'western', pageSize: 50, date: ALL_TIME });
    const found = await Promise.all(list.rows.map((row) => detail(row.id)));
    const work = found.find((w) => w.maker.length && w.tags.length && w.performer.length)!;
    const page = await open(`/western/${work.data.id}`);
    await page.getByRole('heading', { name: work.data.number }).waitFor();
    expect(await href(page, 'maker', work.maker[0]!.id)).toBe(`/maker/western/${work.maker[0]!.id}`);
    expect(await href(page, 'tag', work.tags[0]!.id)).toBe(`/tags/western/${work.tags[0]!.id}`);
    expect(await page.locator('a[data-kind="performer"]').count()).toBe(0);
    await page.locator('[data-kind="performer"]').first().waitFor();
  });
});

describe('the home search box and the /pay promises', () => {
  it('searches from the home page', async () => {
    const [work] = (await works({ modName: 'censored', pageSize: 1, date: ALL_TIME })).rows;
    const page = await open('/index');
    const box = page.getByRole('search').getByPlaceholder(SEARCH_PLACEHOLDER);
    await box.tap();
    await box.fill(work!.number);
    await screenshot(page, 'lists-home-search');
    await box.press('Enter');
    await page.waitForURL(url(`/search/${encodeURIComponent(work!.number)}`));
    await page.locator(`main a[href="/censored/${work!.id}"]`).first().waitFor();
  });

  it('/pay promises only what VIP gives (docs/product.md §1), not 新片优先', async () => {
    const page = await open('/pay');
    for (const benefit of VIP_TEXT.benefits) await page.getByText(benefit, { exact: true }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('新片优先');
  });
});
