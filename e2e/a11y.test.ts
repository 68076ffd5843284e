import {
  API,
  API_BASE,
  ALL_TIME,
  CHANNEL_LABEL,
  type CollectFolder,
  type WorkListItem,
} from '@yingku/contract';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { SEARCH_PLACEHOLDER } from '../packages/web/src/components/channel-header/texts';
import { WORK_CARD_TEXT } from '../packages/web/src/components/work-card/texts';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { FOLLOW_TEXT } from '../packages/web/src/features/follows/texts';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { VIP_TEXT } from '../packages/web/src/features/vip/texts';
import { sharedFolderPath } from '../packages/web/src/features/member/shared-folder-path';
import { COLLECT_TEXT } from '../packages/web/src/features/collect/texts';
import { FOLDER_TEXT } from '../packages/web/src/features/collect/folder-texts';
import { ADMIN_SECTIONS, sectionPath } from '../packages/web/src/features/admin/admin-model';
import { registerStaff } from './support/console';
import { apiOk, logInAgain, registerMember, seedSession, type TestMember } from './support/accounts';
import { describeFindings, seriousAxeViolations } from './support/axe';
import { settled } from './support/page-checks';
import { DESKTOP, PHONE } from './support/browser';
import { useJourney } from './support/journey';
import { smallTapTargets, TAP_TARGET_PX } from './support/tap-targets';

const journey = useJourney();
const { url } = journey;
let member: TestMember;
let staff: TestMember;
let works: Record<'censored' | 'uncensored' | 'western', WorkListItem>;
/** The suite member's public folder, with a work in it: its shared page (issue 17). */
let sharedFolder: string;

/** A censored performer, whose page offers a member 关注. */
let performerId: string;

beforeAll(async () => {
  member = await registerMember(journey.server, 'a11y');
  performerId = (
    await journey.server.apiGet<{ rows: { id: string }[] }>(API.performerList, { modName: 'censored' })
  ).rows[0]!.id;
  staff = await registerStaff(journey.server, 'a11y-staff');
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
  works = {
    censored: await first('censored'),
    uncensored: await first('uncensored'),
    western: await first('western'),
  };
  const authed = { authorization: `Bearer ${member.accessToken}` };
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
    { dataId: works.censored.id, cateIds: [folder.cateId] },
    authed,
  );
  sharedFolder = sharedFolderPath(folder.cateId, folder.shareKey!);
});

/** A screen of SPEC §2 to check: where it is, and what to do on it before checking. */
interface Screen {
  name: string;
  path: () => string;
  /** Open a tab, a popup… after the page has settled. */
  act?: (page: Page) => Promise<void>;
  /** Logged in: as the suite's member, as a member of its own (its acts change what it has), or staff. */
  member?: boolean | 'fresh' | 'staff';
}

/** Collects the work on its page (into the default folder) and opens the folder picker. */
async function openFolderPicker(page: Page) {
  await page.getByTestId('collect-button').click();
  await page.getByRole('status').getByRole('button', { name: COLLECT_TEXT.change }).click();
  await page.locator('.adm-popup-body').getByText(FOLDER_TEXT.pickerTitle).waitFor();
  await settled(page);
}

const SCREENS: Screen[] = [
  { name: 'age gate', path: () => '/' },
  { name: 'home', path: () => '/index' },
  ...(['censored', 'uncensored', 'western'] as const).flatMap((mod): Screen[] => {
    const prefix = mod === 'censored' ? '' : `/${mod}`;
    return [
      { name: `${mod} latest`, path: () => `/${mod}` },
      { name: `${mod} categories`, path: () => `/tags${prefix}/index` },
      { name: `${mod} ranking`, path: () => `/top${prefix}` },
      { name: `${mod} detail`, path: () => `/${mod}/${works[mod].id}` },
      {
        name: `${mod} detail magnets`,
        path: () => `/${mod}/${works[mod].id}`,
        act: (page) => openTab(page, DETAIL_TEXT.tabMagnets),
      },
      {
        name: `${mod} detail stills`,
        path: () => `/${mod}/${works[mod].id}`,
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
  ...(['follows', 'want', 'watched'] as const).map((sub): Screen => ({
    name: `member center follows (${sub})`,
    path: () => `/user?tab=follows&sub=${sub}`,
    member: true,
    act: (page) => settled(page),
  })),
  {
    name: 'member on a performer page (关注, 隐藏已看过)',
    path: () => `/performer/${performerId}`,
    member: true,
    act: async (page) => {
      await page.getByTestId('follow-button').waitFor();
      await settled(page);
    },
  },
  {
    name: 'member on a detail (想看 / 看过, 关注 chips)',
    path: () => `/censored/${works.censored.id}`,
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
  { name: 'shared folder', path: () => sharedFolder },
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
  { name: 'not found', path: () => '/no/such/page' },
  // Members' ratings and reviews (decision 044): a visitor's tab, and a member's with the form.
  {
    name: 'censored detail reviews',
    path: () => `/censored/${works.censored.id}`,
    act: (page) => openTab(page, DETAIL_TEXT.tabReviews),
  },
  {
    name: 'detail reviews of a member',
    path: () => `/censored/${works.censored.id}`,
    member: 'fresh',
    act: (page) => openTab(page, DETAIL_TEXT.tabReviews),
  },
  {
    name: 'folder picker',
    path: () => `/censored/${works.censored.id}`,
    member: 'fresh',
    act: openFolderPicker,
  },
  {
    name: 'new-folder popup',
    path: () => `/censored/${works.censored.id}`,
    member: 'fresh',
    act: async (page) => {
      await openFolderPicker(page);
      await page.locator('.adm-popup-body').getByRole('button', { name: FOLDER_TEXT.newFolder }).click();
      await page.locator('.adm-popup-body').getByText(FOLDER_TEXT.newFolderTitle).waitFor();
      await settled(page);
    },
  },
  ...ADMIN_SECTIONS.map((section): Screen => ({
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

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'))
    .toBe('true');
  await settled(page);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('axe-core at %s size: no serious or critical violations', (_, device) => {
  it.each(SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
    const tab = await journey.open({ device });
    if (screen.member) {
      // Each tab its own login: the suite runs longer than an access token lasts.
      const who =
        screen.member === 'fresh'
          ? await registerMember(journey.server, 'a11y-fresh')
          : await logInAgain(journey.server, screen.member === 'staff' ? staff : member);
      await seedSession(tab.context, journey.server.baseUrl, who);
    }
    await tab.page.goto(url(screen.path()));
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
  });
});

describe('a button while it works', () => {
  it('keeps its name: the list’s load-more says 加载中… while the next page is on its way', async () => {
    const tab = await journey.open({ device: DESKTOP });
    const held: Route[] = [];
    try {
      const nextPage = (u: URL) =>
        u.pathname === `${API_BASE}${API.worksList}` && u.searchParams.get('pageNum') === '2';
      await tab.page.route(nextPage, (route) => void held.push(route));
      await tab.page.goto(url('/censored'));
      // Near the list's end the next page loads by itself (decision 031).
      await tab.page.getByTestId('load-more').scrollIntoViewIfNeeded();
      await expect.poll(() => held.length).toBe(1);
      const loading = tab.page.getByRole('button', { name: UI_TEXT.loadingMore });
      await loading.waitFor();
      expect(await loading.isDisabled()).toBe(true);
      const findings = await seriousAxeViolations(tab.page);
      expect(findings.map((f) => `${f.id} (${f.nodes[0]?.target})`)).toEqual([]);
    } finally {
      await Promise.all(held.map((route) => route.continue()));
    }
  });
});

/** What has the keyboard focus: its tag, role, accessible text, and whether a ring is drawn. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      inTabBar: el.closest('nav') !== null && el.closest('main') === null,
      ring,
      current: el.getAttribute('aria-current'),
    };
  });
}

describe('keyboard only', () => {
  it('reaches every tab of the tab bar with Tab, shows where it is, and opens tabs with Enter and Space', async () => {
    const tab = await journey.open();
    const { page } = tab;
    await page.goto(url('/index'));
    await settled(page);
    const bar = page.getByRole('navigation', { name: UI_TEXT.tabBar });
    expect(await bar.getByRole('link').count()).toBe(4);
    // Backwards from the top of the page: the bar is the page's last stop.
    await page.keyboard.press('Shift+Tab');
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const now = await focused(page);
      expect(now).toMatchObject({ tag: 'a', inTabBar: true, ring: true });
      seen.unshift(now!.name);
      if (i < 3) await page.keyboard.press('Shift+Tab');
    }
    expect(seen).toEqual([
      CHANNEL_LABEL.censored,
      CHANNEL_LABEL.uncensored,
      CHANNEL_LABEL.western,
      UI_TEXT.mine,
    ]);

    // Focus is on 有码: Enter opens it and marks it the current page.
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/censored'));
    await expect
      .poll(() => bar.getByRole('link', { name: CHANNEL_LABEL.censored }).getAttribute('aria-current'))
      .toBe('page');

    // Tab on to 无码 and open it with Space.
    await bar.getByRole('link', { name: CHANNEL_LABEL.censored }).focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: CHANNEL_LABEL.uncensored, ring: true });
    await page.keyboard.press(' ');
    await page.waitForURL(url('/uncensored'));
    await expect
      .poll(() => bar.getByRole('link', { name: CHANNEL_LABEL.uncensored }).getAttribute('aria-current'))
      .toBe('page');
    // The route's own title comes along.
    await expect.poll(() => page.title()).toContain(CHANNEL_LABEL.uncensored);
    expect(tab.problems).toEqual([]);
  });

  it('reaches the new folder’s 设为私密 switch with Tab and turns it with Space, its state announced', async () => {
    const tab = await journey.open();
    const { page } = tab;
    await seedSession(tab.context, journey.server.baseUrl, await registerMember(journey.server, 'a11y-keys'));
    await page.goto(url(`/censored/${works.censored.id}`));
    await settled(page);
    await openFolderPicker(page);
    await page.locator('.adm-popup-body').getByRole('button', { name: FOLDER_TEXT.newFolder }).click();
    const form = page.locator('.adm-popup-body').filter({ hasText: FOLDER_TEXT.newFolderTitle });
    const privacy = form.getByRole('switch', { name: FOLDER_TEXT.isPrivate });
    await form.getByPlaceholder(FOLDER_TEXT.descriptionPlaceholder).focus();
    // From the description, Tab goes to the switch (antd-mobile's own took no focus).
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ role: 'switch', name: FOLDER_TEXT.isPrivate, ring: true });
    expect(await privacy.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press(' ');
    await expect.poll(() => privacy.getAttribute('aria-checked')).toBe('true');
    expect(tab.problems).toEqual([]);
  });

  it('walks a work detail: the back button, the tabs (arrows switch them), and every button with a ring', async () => {
    const tab = await journey.open();
    const { page } = tab;
    const work = works.censored;
    await page.goto(url(`/censored/${work.id}`));
    await settled(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'button', name: UI_TEXT.back, ring: true });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ role: 'tab', name: DETAIL_TEXT.tabDetails, ring: true });
    // The arrow keys move between the tabs and open them.
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: DETAIL_TEXT.tabMagnets }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await focused(page)).toMatchObject({ role: 'tab', name: DETAIL_TEXT.tabMagnets, ring: true });
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.getByRole('tab', { name: DETAIL_TEXT.tabDetails }).getAttribute('aria-selected'))
      .toBe('true');

    // On through the details: every stop is named and shows a ring, until the tab bar.
    const stops: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now === null || now.inTabBar) break;
      expect(now.ring, `${now.tag} "${now.name}" shows no focus ring`).toBe(true);
      expect(now.name, `a ${now.tag} with no name`).not.toBe('');
      stops.push(`${now.role ?? now.tag}:${now.name}`);
    }
    console.log(`keyboard stops on the detail: ${stops.join(' | ')}`);
    expect(stops.some((stop) => stop.startsWith('button:'))).toBe(true);
    expect(tab.problems).toEqual([]);
  });
});

/** Controls under `locator` (itself included) whose tap area is under 44×44 ({@link smallTapTargets}). */
async function tapAreaTooSmall(locator: Locator) {
  await locator.first().waitFor();
  await locator.first().evaluate((el) => el.setAttribute('data-probe', ''));
  const small = await smallTapTargets(locator.page(), '[data-probe]');
  await locator.first().evaluate((el) => el.removeAttribute('data-probe'));
  return small;
}

describe(`tap targets at least ${TAP_TARGET_PX}×${TAP_TARGET_PX} px on a phone`, () => {
  it('the magnet filter switch, the tab bar and the back button', async () => {
    const tab = await journey.open();
    const { page } = tab;
    await page.goto(url('/censored'));
    await settled(page);
    const magnetSwitch = page.getByRole('switch');
    expect((await magnetSwitch.boundingBox())!.height).toBeGreaterThanOrEqual(TAP_TARGET_PX);
    expect(await tapAreaTooSmall(magnetSwitch)).toEqual([]);
    expect(await tapAreaTooSmall(page.getByRole('navigation', { name: UI_TEXT.tabBar }))).toEqual([]);
    await page.goto(url(`/censored/${works.censored.id}`));
    await settled(page);
    expect(await tapAreaTooSmall(page.getByRole('button', { name: UI_TEXT.back }))).toEqual([]);
  });

  it('the detail chips (makers, tags, performers)', async () => {
    const tab = await journey.open();
    const { page } = tab;
    await page.goto(url(`/censored/${works.censored.id}`));
    await settled(page);
    const chips = page.locator('a[data-kind]');
    expect(await chips.count()).toBeGreaterThan(0);
    // The rating's stars are drawn only (the text beside them says it), not ten tiny radios.
    expect(await page.getByRole('radio').count()).toBe(0);
    for (const box of await chips.evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.height).toBeGreaterThanOrEqual(TAP_TARGET_PX);
      expect(box.width).toBeGreaterThanOrEqual(TAP_TARGET_PX);
    }
  });

  it.each([
    ['/login', ACCOUNT_TEXT.toRegister],
    ['/register', ACCOUNT_TEXT.toLogin],
  ])('the link under the form of %s', async (path, text) => {
    const tab = await journey.open();
    const { page } = tab;
    await page.goto(url(path));
    await settled(page);
    const link = page.getByRole('link', { name: text, exact: true });
    await link.scrollIntoViewIfNeeded();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(TAP_TARGET_PX);
    expect(await tapAreaTooSmall(link)).toEqual([]);
  });
});
