import { API, ALL_TIME, type CollectFolder, type WorkListItem } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { searchPath } from '../packages/web/src/app/paths';
import { sharedFolderPath } from '../packages/web/src/features/member/shared-folder-path';
import { apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { firstPerformer } from './support/demo-data';
import { PHONE, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { coversInViewLoaded, overflowsHorizontally, settled } from './support/page-checks';

/** The small iPhone (SE 2nd/3rd gen) and a large Android phone, beside the usual PHONE. */
const PHONES = {
  'iphone-se': { ...PHONE, viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 },
  'android-large': { ...PHONE, viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625 },
} as const;

const journey = useJourney();
let member: TestMember;
let work: WorkListItem;
/**
 * A performer's name (the search page shows them above the works) and a shared folder's path (docs/product.md
 * §2).
 */
let performerName: string;
let sharedFolder: string;

beforeAll(async () => {
  member = await registerMember(journey.server, 'layout');
  performerName = (await firstPerformer(journey.server)).name;
  const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    sort: 'pubTime',
    date: ALL_TIME,
    pageNum: 1,
    pageSize: 1,
  });
  work = list.rows[0]!;
  const authed = bearer(member.accessToken);
  const { data: folder } = await apiOk<{ data: CollectFolder }>(
    journey.server,
    'POST',
    API.createFolder,
    { cateName: '公开片单', description: '一个很长的收藏夹说明，看看小屏幕上是否换行得当', isPrivate: 0 },
    authed,
  );
  await apiOk(journey.server, 'POST', API.collectAdds, { dataId: work.id, cateIds: [folder.cateId] }, authed);
  sharedFolder = sharedFolderPath(folder.cateId, folder.shareKey!);
});

const { url } = journey;
const tabBar = (page: Page) => page.getByRole('navigation', { name: UI_TEXT.tabBar });

/** How far the page scrolls beyond the screen, in CSS px (0: it fits). */
const extraScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);

describe.each(Object.entries(PHONES))('on %s', (device, options) => {
  it.each([
    ['home', '/index', false],
    ['latest', '/censored', false],
    ['detail', () => `/censored/${work.id}`, false],
    ['makers', '/maker/index', false],
    ['search with names', () => searchPath(performerName), false],
    ['shared folder', () => sharedFolder, false],
    ['member', '/user', true],
    ['login', '/login', false],
  ] as const)('%s fits the width, with the tab bar along the bottom edge', async (name, path, loggedIn) => {
    const page = await journey.page({ device: options, member: loggedIn ? member : undefined });
    await page.goto(url(typeof path === 'function' ? path() : path));
    await settled(page);
    await coversInViewLoaded(page);
    expect(await overflowsHorizontally(page)).toBe(false);
    if (name !== 'login') {
      const bar = (await tabBar(page).boundingBox())!;
      expect(bar.y + bar.height).toBeCloseTo(options.viewport.height, 0);
      expect(bar.width).toBe(options.viewport.width);
    }
    await screenshot(page, `layout-${device}-${name}`);
  });

  it.each([
    ['the not-found page', '/no/such/page', null],
    ['an empty likes list', '/user', MEMBER_TEXT.tabLike],
  ] as const)('%s does not scroll: nothing is added under the tab bar twice', async (_, path, tabName) => {
    const page = await journey.page({ device: options, member });
    await page.goto(url(path));
    await settled(page);
    if (tabName) {
      await page.getByRole('tab', { name: tabName, exact: true }).click();
      await page.getByText(MEMBER_TEXT.likeEmpty, { exact: true }).waitFor();
    }
    await tabBar(page).waitFor();
    expect(await extraScroll(page)).toBe(0);
    await screenshot(page, `layout-${device}-short-${tabName ? 'likes' : 'not-found'}`);
  });
});

describe.each(Object.entries(PHONES))('an entity page on %s', (device, options) => {
  it.each([
    ['performers', '/performer/index'],
    ['makers', '/maker/index'],
  ] as const)('%s: the sidebar and its pager end above the tab bar, scrolled or not', async (name, path) => {
    const { page } = await journey.open({ device: options });
    await page.goto(url(path));
    await settled(page);
    const sidebar = page.locator('aside nav');
    await sidebar.locator('.adm-side-bar-item').first().waitFor();
    // The demo catalogue has pages of performers, and makers that fit on one page (no pager).
    const pager = sidebar.locator('button').last();
    const paged = name === 'performers';
    if (paged) await pager.waitFor();
    for (const scrolled of [false, true]) {
      if (scrolled) {
        await page.mouse.wheel(0, 600);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      }
      const bar = (await tabBar(page).boundingBox())!;
      const side = (await sidebar.boundingBox())!;
      expect(side.y + side.height).toBeLessThanOrEqual(bar.y + 0.5);
      if (paged) {
        const last = (await pager.boundingBox())!;
        expect(last.y + last.height).toBeLessThanOrEqual(bar.y + 0.5);
      }
    }
    await screenshot(page, `layout-${device}-sidebar-${name}`);
  });
});

describe('phones without delays or hidden corners', () => {
  it('asks for the device width and the whole screen (viewport-fit=cover)', async () => {
    const page = await journey.page();
    await page.goto(url('/index'));
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).toContain('width=device-width');
    expect(viewport).toContain('viewport-fit=cover');
  });

  it("keeps the tab bar's items above the home indicator (env(safe-area-inset-bottom))", async () => {
    const page = await journey.page();
    await page.goto(url('/index'));
    await tabBar(page).waitFor();
    // Chromium has no notch to emulate: the rule itself is read from the bar's style sheet.
    const paddings = await tabBar(page).evaluate((nav) => {
      const found: string[] = [];
      for (const sheet of Array.from(document.styleSheets)) {
        for (const rule of Array.from(sheet.cssRules)) {
          if (rule instanceof CSSStyleRule && nav.matches(rule.selectorText)) {
            found.push(rule.style.getPropertyValue('padding-bottom'));
          }
        }
      }
      return found;
    });
    expect(paddings).toContain('env(safe-area-inset-bottom)');
  });

  it('has no double-tap wait on what is tapped (touch-action: manipulation)', async () => {
    const page = await journey.page();
    await page.goto(url('/censored'));
    await settled(page);
    const actions = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLElement>('a[href], button, [role="tab"], [role="switch"]'),
      ).map((el) => `${el.tagName.toLowerCase()} ${getComputedStyle(el).touchAction}`),
    );
    expect(actions.length).toBeGreaterThan(10);
    expect(actions.filter((action) => !action.endsWith(' manipulation'))).toEqual([]);
  });
});
