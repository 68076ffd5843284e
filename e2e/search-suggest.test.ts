import { API, type WorkListItem } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { performerPath, searchPath, workPath } from '../packages/web/src/app/paths';
import { SUGGEST_TEXT } from '../packages/web/src/components/channel-header/suggest-texts';
import { SEARCH_PLACEHOLDER } from '../packages/web/src/components/channel-header/texts';
import { RECENT_SEARCHES_KEY } from '../packages/web/src/session/recent-searches';
import { DESKTOP, screenshot } from './support/browser';
import { firstPerformer } from './support/demo-data';
import { useJourney } from './support/journey';
import { settled } from './support/page-checks';

// The search box (decision 043) suggests works and names while a keyword is typed, and remembers
// the keywords searched on this device.

const journey = useJourney();

const box = (page: Page) => page.getByRole('combobox', { name: SEARCH_PLACEHOLDER });
const list = (page: Page) => page.getByRole('listbox', { name: SUGGEST_TEXT.listLabel });
const options = (page: Page) => list(page).getByRole('option');

async function newestCensored(): Promise<WorkListItem> {
  const { rows } = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 1,
  });
  return rows[0]!;
}

describe('search suggestions', () => {
  it('by keyboard: a half-typed number offers the work, ArrowDown and Enter open it', async () => {
    const work = await newestCensored();
    const page = await journey.page({ device: DESKTOP });
    await page.goto(journey.url('/index'));
    const input = box(page);
    await input.focus();
    // The first characters of the number, typed as a person does.
    await input.pressSequentially(work.number.slice(0, -1).toLowerCase());
    const option = options(page).filter({ hasText: work.number });
    await option.waitFor();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    // Down to our work: the box names the option the keys are on.
    const index = await options(page).evaluateAll(
      (items, number) => items.findIndex((item) => item.textContent?.includes(number)),
      work.number,
    );
    for (let i = 0; i <= index; i++) await input.press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await settled(page);
    await screenshot(page, 'search-suggest-keyboard');
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname === workPath(work));
    // Escape closes the list; the box keeps what was typed.
    await page.goto(journey.url('/index'));
    await box(page).focus();
    await box(page).pressSequentially(work.number.slice(0, 4));
    await list(page).waitFor();
    await box(page).press('Escape');
    await list(page).waitFor({ state: 'detached' });
    expect(await box(page).inputValue()).toBe(work.number.slice(0, 4));
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
  });

  it('by touch: a performer’s name offers them; a tap opens their list', async () => {
    const performer = await firstPerformer(journey.server);
    const page = await journey.page();
    await page.goto(journey.url('/index'));
    await box(page).tap();
    await box(page).fill(performer.name.slice(0, 2));
    const option = options(page).filter({ hasText: performer.name });
    await option.waitFor();
    await settled(page);
    await screenshot(page, 'search-suggest-touch');
    await option.tap();
    await page.waitForURL((u) => u.pathname === performerPath('censored', performer.id));
  });

  it('remembers the keywords searched on this device, offers them in an empty box, and forgets them', async () => {
    const work = await newestCensored();
    const page = await journey.page();
    await page.goto(journey.url('/index'));
    await box(page).tap();
    await box(page).fill('星空');
    await box(page).press('Enter');
    await page.waitForURL((u) => u.pathname === searchPath('星空'));
    await page.goto(journey.url('/index'));
    await box(page).tap();
    await box(page).fill(work.number);
    await box(page).press('Enter');
    await page.waitForURL((u) => u.pathname === searchPath(work.number));

    // In an empty box: the newest first; a tap searches again.
    await page.goto(journey.url('/index'));
    await box(page).tap();
    await expect.poll(() => options(page).allInnerTexts()).toEqual([work.number, '星空']);
    await settled(page);
    await screenshot(page, 'search-suggest-recent');
    await options(page).filter({ hasText: '星空' }).tap();
    await page.waitForURL((u) => u.pathname === searchPath('星空'));
    expect(await page.evaluate((key) => localStorage.getItem(key), RECENT_SEARCHES_KEY)).toBe(
      JSON.stringify(['星空', work.number]),
    );

    // Forgotten: on this device, for good.
    await page.goto(journey.url('/index'));
    await box(page).tap();
    await page.getByRole('button', { name: SUGGEST_TEXT.clearRecentLabel }).tap();
    await list(page).waitFor({ state: 'detached' });
    expect(await page.evaluate((key) => localStorage.getItem(key), RECENT_SEARCHES_KEY)).toBeNull();
    // The box kept the focus through the tap.
    expect(await box(page).evaluate((input) => input === document.activeElement)).toBe(true);
  });
});
