import {
  ALL_TIME,
  API,
  type CollectFolder,
  GUEST_LEVEL,
  REFRESH_TOKEN_HEADER,
  type WorkListItem,
} from '@yingku/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_KEY } from '../packages/web/src/session/auth-storage';
import { HISTORY_KEY } from '../packages/web/src/session/history';
import { apiCall, apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { coversInViewLoaded, overflowsHorizontally } from './support/page-checks';
import { scrollToEnd } from './support/lists';
import { animationsDone } from './support/animations';

const journey = useJourney();
/** Censored demo works, newest first. */
let works: WorkListItem[];

beforeAll(async () => {
  const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 24,
    date: ALL_TIME,
  });
  works = list.rows;
  expect(works.length).toBeGreaterThanOrEqual(16);
});

const { url } = journey;
const detailPath = (work: WorkListItem) => `/censored/${work.id}`;

/** antd-mobile's popups and dialogs slide in (about 300 ms): screenshots wait for them. */

/** The work links a tab's list shows, in order. */
const cardLinks = (page: Page, list: string) =>
  page
    .locator(`[data-testid="${list}-list"] a[href]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));

/** A logged-in POST that must succeed. */
const authed = <T>(member: TestMember, path: string, body: Record<string, unknown> = {}) =>
  apiOk<T>(journey.server, 'POST', path, body, bearer(member.accessToken));

describe('member center for a visitor (docs/product.md §2)', () => {
  it('shows the guest card, asks to log in for collect and like, and lists the history', async () => {
    const page = await journey.page();
    const viewed = works[0]!;
    await page.goto(url(detailPath(viewed)));
    await page.getByText(viewed.title).first().waitFor();

    const libraryCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/prod-api/v2/user/')) libraryCalls.push(request.url());
    });
    // The bottom tab 我的 leads here.
    await page.getByRole('navigation', { name: UI_TEXT.tabBar }).getByText(UI_TEXT.mine).click();
    await page.waitForURL(url('/user'));
    await expect.poll(() => page.title()).toBe(`${UI_TEXT.mine} - ${UI_TEXT.siteName}`);

    const card = page.getByTestId('user-card');
    await expect.poll(() => card.getAttribute('data-level')).toBe(String(GUEST_LEVEL.levelId));
    await card.getByText(GUEST_LEVEL.groupName).waitFor();
    expect(await card.getByRole('link', { name: MEMBER_TEXT.login }).getAttribute('href')).toBe('/login');
    expect(await card.getByRole('link', { name: MEMBER_TEXT.register }).getAttribute('href')).toBe(
      '/register',
    );

    // Top bar: VIP, orders and customer service are links; 更多 opens the drawer.
    expect(await page.getByRole('link', { name: MEMBER_TEXT.vipLabel }).getAttribute('href')).toBe('/pay');
    expect(await page.getByRole('link', { name: MEMBER_TEXT.orders }).getAttribute('href')).toBe('/orders');
    expect(await page.getByRole('link', { name: MEMBER_TEXT.service }).getAttribute('href')).toBe('/message');

    await page.getByTestId('tab-collect').getByText(MEMBER_TEXT.loginToSeeCollect).waitFor();
    await page.getByRole('tab', { name: MEMBER_TEXT.tabLike }).click();
    await page.getByTestId('tab-like').getByText(MEMBER_TEXT.loginToSeeLike).waitFor();
    await page.getByRole('tab', { name: MEMBER_TEXT.tabCollect }).click();
    await screenshot(page, 'member-visitor');

    await page.getByRole('tab', { name: MEMBER_TEXT.tabHistory }).click();
    await expect.poll(() => cardLinks(page, 'history')).toEqual([detailPath(viewed)]);
    // One entry: below 10, no load-more and no no-more line.
    expect(await page.getByTestId('tab-history').getByTestId('load-more').count()).toBe(0);
    expect(await page.getByTestId('tab-history').getByTestId('no-more').count()).toBe(0);
    await coversInViewLoaded(page);
    await screenshot(page, 'member-visitor-history');
    expect(await overflowsHorizontally(page)).toBe(false);

    // A visitor's drawer has no 退出登录.
    await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
    const drawer = page.getByTestId('member-drawer');
    await drawer.getByText(MEMBER_TEXT.language).waitFor();
    await drawer.getByText(MEMBER_TEXT.languageNames.hans).waitFor();
    expect(await drawer.getByText(MEMBER_TEXT.logout).count()).toBe(0);

    // Nothing of the account was asked of the server.
    expect(libraryCalls).toEqual([]);
  });

  it('pages the history 10 at a time, then says there is no more', async () => {
    const page = await journey.page();
    const history = works.slice(0, 12);
    await page.goto(url('/index'));
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [HISTORY_KEY, JSON.stringify(history)],
    );
    await page.goto(url('/user?tab=history'));

    await expect.poll(() => cardLinks(page, 'history')).toEqual(history.slice(0, 10).map(detailPath));
    await scrollToEnd(page);
    await expect.poll(() => cardLinks(page, 'history')).toEqual(history.map(detailPath));
    await page.getByTestId('tab-history').getByTestId('no-more').waitFor();
    expect(await page.getByTestId('tab-history').getByTestId('load-more').count()).toBe(0);

    // A card opens its work.
    await page.locator(`[data-testid="history-list"] a[href="${detailPath(history[3]!)}"]`).click();
    await page.waitForURL(url(detailPath(history[3]!)));
  });
});

describe('member center for a logged-in user (docs/product.md §2)', () => {
  it('shows the name and group, liked and collected works with folder filters, and logs out', async () => {
    const session = await registerMember(journey.server);
    // 12 likes (more than a page of 10), the last liked first in the list.
    const liked = works.slice(0, 12);
    for (const work of liked) await authed(session, API.like, { dataId: work.id, status: 0 });
    const [inDefault, inFolder] = [works[12]!, works[13]!];
    const folder = (
      await authed<{ data: CollectFolder }>(session, API.createFolder, { cateName: '周末片单', isPrivate: 0 })
    ).data;
    await authed(session, API.collectAdds, { dataId: inDefault.id, status: 0 });
    await authed(session, API.collectAdds, { dataId: inFolder.id, status: 0, cateIds: [folder.cateId] });

    const page = await journey.page({ member: session });
    const likeListCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(API.likeList)) likeListCalls.push(request.url());
    });
    await page.goto(url('/user'));

    const card = page.getByTestId('user-card');
    await expect.poll(() => card.getByTestId('user-name').textContent()).toBe(session.userName);
    expect(await card.getByTestId('group-name').textContent()).toBe('普通会员');
    expect(await card.getAttribute('data-level')).toBe('1');
    expect(await card.getByRole('link', { name: MEMBER_TEXT.login }).count()).toBe(0);

    // 收藏: 全部, the default folder and the new one; each filters the list.
    const folders = page.getByRole('group', { name: MEMBER_TEXT.foldersLabel });
    await expect
      .poll(() => folders.getByRole('button').allTextContents())
      .toEqual([MEMBER_TEXT.allFolders, '默认收藏夹', '周末片单']);
    const bothCollected = [inDefault, inFolder].map(detailPath).sort();
    await expect.poll(async () => (await cardLinks(page, 'collect')).sort()).toEqual(bothCollected);
    await coversInViewLoaded(page);
    await screenshot(page, 'member-logged-in');

    await folders.getByRole('button', { name: '周末片单' }).click();
    await expect.poll(() => cardLinks(page, 'collect')).toEqual([detailPath(inFolder)]);
    expect(await folders.getByRole('button', { name: '周末片单' }).getAttribute('aria-pressed')).toBe('true');
    await folders.getByRole('button', { name: '默认收藏夹' }).click();
    await expect.poll(() => cardLinks(page, 'collect')).toEqual([detailPath(inDefault)]);
    await folders.getByRole('button', { name: MEMBER_TEXT.allFolders }).click();
    await expect.poll(async () => (await cardLinks(page, 'collect')).sort()).toEqual(bothCollected);

    // 喜欢: loads when first opened, 10 first, then the rest, newest first.
    expect(likeListCalls).toEqual([]);
    const newestFirst = [...liked].reverse().map(detailPath);
    await page.getByRole('tab', { name: MEMBER_TEXT.tabLike }).click();
    await expect.poll(() => cardLinks(page, 'like')).toEqual(newestFirst.slice(0, 10));
    expect(likeListCalls).toHaveLength(1);
    await scrollToEnd(page);
    await expect.poll(() => cardLinks(page, 'like')).toEqual(newestFirst);
    await page.getByTestId('tab-like').getByTestId('no-more').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    // Switching away and back keeps the list: it is not asked for again.
    await page.getByRole('tab', { name: MEMBER_TEXT.tabHistory }).click();
    await page.getByRole('tab', { name: MEMBER_TEXT.tabLike }).click();
    await expect.poll(() => cardLinks(page, 'like')).toEqual(newestFirst);
    expect(likeListCalls).toHaveLength(2);

    // The drawer, then 退出登录 with its confirmation.
    await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
    const drawer = page.getByTestId('member-drawer');
    for (const text of [
      MEMBER_TEXT.myOrders,
      MEMBER_TEXT.activateVip,
      MEMBER_TEXT.language,
      MEMBER_TEXT.languageNames.hans,
      MEMBER_TEXT.refreshVersion,
      MEMBER_TEXT.logout,
    ]) {
      await drawer.getByText(text, { exact: true }).waitFor();
    }
    await animationsDone(page);
    await screenshot(page, 'member-drawer');

    await drawer.getByRole('button', { name: MEMBER_TEXT.logout }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: MEMBER_TEXT.logoutConfirm });
    await dialog.waitFor();
    await animationsDone(page);
    await screenshot(page, 'member-logout-confirm');
    // Cancelling keeps the session.
    await dialog.getByRole('button', { name: MEMBER_TEXT.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(url('/user?tab=like'));

    await drawer.getByRole('button', { name: MEMBER_TEXT.logout }).click();
    await dialog.getByRole('button', { name: MEMBER_TEXT.logoutConfirmButton }).click();
    await page.waitForURL(url('/index'));
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(await page.evaluate((key) => localStorage.getItem(key), REFRESH_TOKEN_KEY)).toBeNull();

    // The server ended the login: its refresh token no longer works.
    const refreshed = await apiCall<{ code: number }>(
      journey.server,
      'GET',
      API.token,
      {},
      {
        [REFRESH_TOKEN_HEADER]: session.refreshToken,
      },
    );
    expect(refreshed.json.code).not.toBe(200);

    // Back on /user (inside the app), the guest card, and no list of the old user.
    await page.getByRole('navigation', { name: UI_TEXT.tabBar }).getByText(UI_TEXT.mine).click();
    await page.getByTestId('user-card').getByText(GUEST_LEVEL.groupName).waitFor();
    expect(await page.locator('[data-testid="collect-list"], [data-testid="like-list"]').count()).toBe(0);
  });

  it('shows a VIP member the VIP group and when it ends, on a phone and a wide screen', async () => {
    const session = await registerMember(journey.server);
    await journey.server.database.db
      .updateTable('users')
      .set({ level_id: 2, vip_until: new Date('2099-01-01T00:00:00Z') })
      .where('user_name', '=', session.userName)
      .execute();

    const page = await journey.page({ member: session });
    await page.goto(url('/user'));
    const card = page.getByTestId('user-card');
    await expect.poll(() => card.getByTestId('group-name').textContent()).toBe('VIP会员');
    // 2099-01-01 00:00 UTC is 08:00 that day in Asia/Shanghai.
    expect(await card.getByTestId('vip-until').textContent()).toBe('VIP有效期至 2099-01-01');
    await page.getByTestId('collect-empty').getByText(MEMBER_TEXT.collectEmpty).waitFor();
    await screenshot(page, 'member-vip');

    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'member-vip-wide');
    expect(await overflowsHorizontally(page)).toBe(false);
  });
});
