import { API, ALL_TIME, type CollectFolder, type WorkListItem } from '@yingku/contract';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { SEARCH_PLACEHOLDER } from '../../packages/web/src/components/channel-header/texts';
import { WORK_CARD_TEXT } from '../../packages/web/src/components/work-card/texts';
import { DETAIL_TEXT } from '../../packages/web/src/features/work-detail/texts';
import { FOLLOW_TEXT } from '../../packages/web/src/features/follows/texts';
import { MEMBER_TEXT } from '../../packages/web/src/features/member/texts';
import { VIP_TEXT } from '../../packages/web/src/features/vip/texts';
import { sharedFolderPath } from '../../packages/web/src/features/member/shared-folder-path';
import { COLLECT_TEXT } from '../../packages/web/src/features/collect/texts';
import { FOLDER_TEXT } from '../../packages/web/src/features/collect/folder-texts';
import { ADMIN_SECTIONS, sectionPath } from '../../packages/web/src/features/admin/admin-model';
import { apiOk, logInAgain, registerMember, seedSession, type TestMember } from './accounts';
import { describeFindings, seriousAxeViolations } from './axe';
import { PHONE } from './browser';
import { logInStaffAgain, registerStaff, type TestStaff } from './console';
import type { Journey } from './journey';
import { settled } from './page-checks';
import { smallTapTargets } from './tap-targets';

/** What the accessibility suites check with, made once per suite before its tests. */
export interface A11ySuite {
  member: TestMember;
  staff: TestStaff;
  works: Record<'censored' | 'uncensored' | 'western', WorkListItem>;
  /** The suite member's public folder, with a work in it: its shared page (docs/product.md §2). */
  sharedFolder: string;
  /** A censored performer, whose page offers a member 关注. */
  performerId: string;
}

/**
 * Registers the suite's set-up (a member with a public folder, a staff account, the newest work
 * of each channel) and gives what it makes, filled in before the first test, and every screen
 * the axe suites check. The phone and desktop suites are files of their own, so they run side
 * by side.
 */
export function useA11ySuite(journey: Journey): { suite: A11ySuite; screens: A11yScreen[] } {
  const suite = {} as A11ySuite;
  beforeAll(async () => {
    suite.member = await registerMember(journey.server, 'a11y');
    suite.performerId = (
      await journey.server.apiGet<{ rows: { id: string }[] }>(API.performerList, { modName: 'censored' })
    ).rows[0]!.id;
    suite.staff = await registerStaff(journey.server, 'a11y-staff');
    const first = async (modName: string) =>
      (
        await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
          modName,
          sort: 'pubTime',
          date: ALL_TIME,
          pageNum: 1,
          pageSize: 1,
        })
      ).rows[0]!;
    suite.works = {
      censored: await first('censored'),
      uncensored: await first('uncensored'),
      western: await first('western'),
    };
    const authed = { authorization: `Bearer ${suite.member.accessToken}` };
    const { data: folder } = await apiOk<{ data: CollectFolder }>(
      journey.server,
      'POST',
      API.createFolder,
      { cateName: '公开片单', description: '', isPrivate: 0 },
      authed,
    );
    await apiOk(
      journey.server,
      'POST',
      API.collectAdds,
      { dataId: suite.works.censored.id, cateIds: [folder.cateId] },
      authed,
    );
    suite.sharedFolder = sharedFolderPath(folder.cateId, folder.shareKey!);
  });
  return { suite, screens: a11yScreens(suite) };
}

/** A screen of docs/product.md §2 to check: where it is, and what to do on it before checking. */
export interface A11yScreen {
  name: string;
  path: () => string;
  /** Open a tab, a popup… after the page has settled. */
  act?: (page: Page) => Promise<void>;
  /** Logged in: as the suite's member, as a member of its own (its acts change what it has), or staff. */
  member?: boolean | 'fresh' | 'staff';
}

/** Collects the work on its page (into the default folder) and opens the folder picker. */
export async function openFolderPicker(page: Page) {
  await page.getByTestId('collect-button').click();
  await page.getByRole('status').getByRole('button', { name: COLLECT_TEXT.change }).click();
  await page.locator('.adm-popup-body').getByText(FOLDER_TEXT.pickerTitle).waitFor();
  await settled(page);
}

/** Every screen of docs/product.md §2 the axe suites check, at both sizes. */
function a11yScreens(suite: A11ySuite): A11yScreen[] {
  return [
    { name: 'age gate', path: () => '/' },
    { name: 'home', path: () => '/index' },
    ...(['censored', 'uncensored', 'western'] as const).flatMap((mod): A11yScreen[] => {
      const prefix = mod === 'censored' ? '' : `/${mod}`;
      return [
        { name: `${mod} latest`, path: () => `/${mod}` },
        { name: `${mod} categories`, path: () => `/tags${prefix}/index` },
        { name: `${mod} ranking`, path: () => `/top${prefix}` },
        { name: `${mod} detail`, path: () => `/${mod}/${suite.works[mod].id}` },
        {
          name: `${mod} detail magnets`,
          path: () => `/${mod}/${suite.works[mod].id}`,
          act: (page) => openTab(page, DETAIL_TEXT.tabMagnets),
        },
        {
          name: `${mod} detail stills`,
          path: () => `/${mod}/${suite.works[mod].id}`,
          act: (page) => openTab(page, DETAIL_TEXT.tabStills),
        },
      ];
    }),
    { name: 'censored performers', path: () => '/performer/index' },
    { name: 'uncensored performers', path: () => '/performer/uncensored/index' },
    { name: 'makers', path: () => '/maker/index' },
    { name: 'labels', path: () => '/label/index' },
    { name: 'directors', path: () => '/director/index' },
    { name: 'same-type', path: () => '/item/index' },
    { name: 'series', path: () => '/series/index' },
    { name: 'search', path: () => '/search/a' },
    {
      name: 'search suggestions',
      path: () => '/index',
      act: async (page) => {
        await page.getByRole('combobox', { name: SEARCH_PLACEHOLDER }).focus();
        await page.keyboard.type('YK');
        await page.getByRole('listbox').getByRole('option').first().waitFor();
        await page.keyboard.press('ArrowDown');
        await settled(page);
      },
    },
    { name: 'login', path: () => '/login' },
    { name: 'register', path: () => '/register' },
    { name: 'member center (visitor)', path: () => '/user' },
    { name: 'member center collect', path: () => '/user', member: true },
    {
      name: 'member center likes',
      path: () => '/user',
      member: true,
      act: (page) => openTab(page, MEMBER_TEXT.tabLike),
    },
    {
      name: 'member center history',
      path: () => '/user',
      member: true,
      act: (page) => openTab(page, MEMBER_TEXT.tabHistory),
    },
    {
      name: 'member center follows (feed)',
      path: () => '/user',
      member: true,
      act: (page) => openTab(page, FOLLOW_TEXT.tabFollow),
    },
    ...(['follows', 'want', 'watched'] as const).map((sub): A11yScreen => ({
      name: `member center follows (${sub})`,
      path: () => `/user?tab=follows&sub=${sub}`,
      member: true,
      act: (page) => settled(page),
    })),
    {
      name: 'member on a performer page (关注, 隐藏已看过)',
      path: () => `/performer/${suite.performerId}`,
      member: true,
      act: async (page) => {
        await page.getByTestId('follow-button').waitFor();
        await settled(page);
      },
    },
    {
      name: 'member on a detail (想看 / 看过, 关注 chips)',
      path: () => `/censored/${suite.works.censored.id}`,
      member: true,
      act: async (page) => {
        await page.getByTestId('mark-watched').waitFor();
        await settled(page);
      },
    },
    {
      name: 'member drawer',
      path: () => '/user',
      member: true,
      act: async (page) => {
        await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
        await page.getByText(MEMBER_TEXT.logout, { exact: true }).waitFor();
      },
    },
    {
      name: 'language choices',
      path: () => '/user',
      act: async (page) => {
        await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
        await page.getByTestId('language').click();
        await page
          .getByRole('group', { name: MEMBER_TEXT.language })
          .getByRole('button', { name: MEMBER_TEXT.languageNames.hant })
          .waitFor();
        await settled(page);
      },
    },
    { name: 'shared folder', path: () => suite.sharedFolder },
    { name: 'customer service', path: () => '/message', member: true },
    { name: 'activation code', path: () => '/sub', member: true },
    { name: 'pay', path: () => '/pay', member: true },
    {
      name: 'pay channels',
      path: () => '/pay',
      member: true,
      act: async (page) => {
        await page.locator('[data-package-id]').first().click();
        await page.getByRole('button', { name: VIP_TEXT.buy }).click();
        await page.getByRole('button', { name: VIP_TEXT.confirmPay }).click();
        await page.getByRole('group', { name: VIP_TEXT.channelTitle }).waitFor();
        await settled(page);
      },
    },
    { name: 'orders', path: () => '/orders', member: true },
    { name: 'account security', path: () => '/user/security', member: true },
    { name: 'not found', path: () => '/no/such/page' },
    // Members' ratings and reviews (decision 044): a visitor's tab, and a member's with the form.
    {
      name: 'censored detail reviews',
      path: () => `/censored/${suite.works.censored.id}`,
      act: (page) => openTab(page, DETAIL_TEXT.tabReviews),
    },
    {
      name: 'detail reviews of a member',
      path: () => `/censored/${suite.works.censored.id}`,
      member: 'fresh',
      act: (page) => openTab(page, DETAIL_TEXT.tabReviews),
    },
    {
      name: 'folder picker',
      path: () => `/censored/${suite.works.censored.id}`,
      member: 'fresh',
      act: openFolderPicker,
    },
    {
      name: 'new-folder popup',
      path: () => `/censored/${suite.works.censored.id}`,
      member: 'fresh',
      act: async (page) => {
        await openFolderPicker(page);
        await page.locator('.adm-popup-body').getByRole('button', { name: FOLDER_TEXT.newFolder }).click();
        await page.locator('.adm-popup-body').getByText(FOLDER_TEXT.newFolderTitle).waitFor();
        await settled(page);
      },
    },
    ...ADMIN_SECTIONS.map((section): A11yScreen => ({
      name: `console ${section.path}`,
      path: () => sectionPath(section.path),
      member: 'staff',
    })),
    {
      name: 'magnet popup of a list',
      path: () => '/censored',
      act: async (page) => {
        await page.getByRole('button', { name: WORK_CARD_TEXT.showMagnets }).first().click();
        await page.locator('.adm-popup-body').waitFor();
        await settled(page);
      },
    },
  ];
}

/** Switches the page's tab `name` and waits for it to show. */
export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'))
    .toBe('true');
  await settled(page);
}

/**
 * Opens `screen` on `device` (logged in as it says), and expects axe to find nothing serious or
 * critical, and one h1; on a phone, logs the tap targets under 44×44 px.
 */
export async function checkScreen(
  journey: Journey,
  suite: A11ySuite,
  screen: A11yScreen,
  device: BrowserContextOptions,
) {
  const tab = await journey.open({ device });
  if (screen.member) {
    // Each tab its own login: the suite runs longer than an access token lasts.
    const who =
      screen.member === 'fresh'
        ? await registerMember(journey.server, 'a11y-fresh')
        : screen.member === 'staff'
          ? await logInStaffAgain(journey.server, suite.staff)
          : await logInAgain(journey.server, suite.member);
    await seedSession(tab.context, journey.server.baseUrl, who);
  }
  await tab.page.goto(journey.url(screen.path()));
  await settled(tab.page);
  await screen.act?.(tab.page);
  const findings = await seriousAxeViolations(tab.page);
  if (findings.length > 0) console.log(`axe on ${screen.name}:\n${describeFindings(findings)}`);
  expect(findings.map((f) => `${f.id} (${f.nodes[0]?.target})`)).toEqual([]);
  // One h1 a screen reader meets (panes of tabs not shown are out of the tree, as for them).
  expect(await tab.page.getByRole('heading', { level: 1 }).count()).toBe(1);
  if (device === PHONE) {
    const small = await smallTapTargets(tab.page);
    if (small.length > 0) console.log(`small tap targets on ${screen.name}: ${small.join(', ')}`);
  }
}
