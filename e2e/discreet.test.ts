import { API, DISCREET_ATTRIBUTE, type WorkListItem } from '@yingku/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { workPath } from '../packages/web/src/app/paths';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { animationsDone } from './support/animations';
import { coversInViewLoaded, settled } from './support/page-checks';

// 隐私模式 (docs/product.md §1): covers and stills blurred until tapped, kept on the device, for reading in
// public — from the first paint of the next page, not only once the app runs.

const journey = useJourney();
let first: WorkListItem;

beforeAll(async () => {
  const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 1,
  });
  first = list.rows[0]!;
});

/** The CSS filter a picture is drawn with. */
const filterOf = (picture: Locator) => picture.evaluate((img) => getComputedStyle(img).filter);
const firstCover = (page: Page) => page.locator(`main a[href="${workPath(first)}"] img`).first();

describe('隐私模式', () => {
  it('blurs covers from the drawer on; a tap shows one and does not open the work; the next tap does', async () => {
    const page = await journey.page();
    await page.goto(journey.url('/user'));
    await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
    const toggle = page.getByRole('switch', { name: new RegExp(MEMBER_TEXT.discreet) });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(
      await page.evaluate((name) => document.documentElement.hasAttribute(name), DISCREET_ATTRIBUTE),
    ).toBe(true);
    await animationsDone(page);
    await screenshot(page, 'discreet-drawer');

    await page.goto(journey.url('/index'));
    const cover = firstCover(page);
    await coversInViewLoaded(page);
    expect(await filterOf(cover)).toMatch(/blur/);
    await settled(page);
    await screenshot(page, 'discreet-index');

    // The first tap shows the picture, and stays.
    await cover.tap();
    await expect.poll(() => filterOf(cover)).toBe('none');
    expect(new URL(page.url()).pathname).toBe('/index');
    // The next opens the work, whose cover is blurred in its turn.
    await cover.tap();
    await page.waitForURL((u) => u.pathname === workPath(first));
    // Read once the page has settled: just after the route changes, the picture found may still
    // be the list card's, with the same title, on its way out (a detached picture has no
    // computed filter: a clean-clone CI run read '').
    const detailCover = page.locator(`main img[alt="${first.title}"]`).first();
    await detailCover.waitFor();
    await settled(page);
    await expect.poll(() => filterOf(detailCover)).toMatch(/blur/);
  });

  it('is kept on the device: a page loaded anew is blurred before any script runs', async () => {
    const page = await journey.page();
    await page.goto(journey.url('/user'));
    await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
    await page.getByRole('switch', { name: new RegExp(MEMBER_TEXT.discreet) }).click();
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain('discreet=1');

    // The page as the server sends it, its scripts held back: already marked, its covers blurred.
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      () => undefined,
    );
    await page.goto(journey.url('/index'), { waitUntil: 'commit' });
    const cover = firstCover(page);
    await cover.waitFor();
    expect(
      await page.evaluate((name) => document.documentElement.hasAttribute(name), DISCREET_ATTRIBUTE),
    ).toBe(true);
    expect(await filterOf(cover)).toMatch(/blur/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('blurs the stills too; turned off, nothing is blurred', async () => {
    const page = await journey.page();
    await page.goto(journey.url('/user'));
    await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
    const toggle = page.getByRole('switch', { name: new RegExp(MEMBER_TEXT.discreet) });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    await page.goto(journey.url(workPath(first)));
    await page.getByRole('tab', { name: DETAIL_TEXT.tabStills }).click();
    const still = page.locator('main [data-picture]').nth(1);
    await still.waitFor();
    expect(await filterOf(still)).toMatch(/blur/);

    await page.goto(journey.url('/user'));
    await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.goto(journey.url('/index'));
    await coversInViewLoaded(page);
    expect(await filterOf(firstCover(page))).toBe('none');
    expect(await page.evaluate(() => document.cookie)).not.toContain('discreet=1');
  });
});
