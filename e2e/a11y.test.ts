import { API, API_BASE, CHANNEL_LABEL } from '@yingku/contract';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { FOLDER_TEXT } from '../packages/web/src/features/collect/folder-texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { registerMember, seedSession } from './support/accounts';
import { openFolderPicker, useA11ySuite } from './support/a11y-screens';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP } from './support/browser';
import { useJourney } from './support/journey';
import { settled } from './support/page-checks';
import { smallTapTargets, TAP_TARGET_PX } from './support/tap-targets';

const journey = useJourney();
const { url } = journey;
// The screens themselves, at each size: a11y-phone.test.ts and a11y-desktop.test.ts.
const { suite } = useA11ySuite(journey);

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
    await page.goto(url(`/censored/${suite.works.censored.id}`));
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
    const work = suite.works.censored;
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
    await page.goto(url(`/censored/${suite.works.censored.id}`));
    await settled(page);
    expect(await tapAreaTooSmall(page.getByRole('button', { name: UI_TEXT.back }))).toEqual([]);
  });

  it('the detail chips (makers, tags, performers)', async () => {
    const tab = await journey.open();
    const { page } = tab;
    await page.goto(url(`/censored/${suite.works.censored.id}`));
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
