import { API, PAGE_SIZE, type WorkListItem } from '@yingku/contract';
import { Converter } from 'opencc-js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchPath, workPath } from '../packages/web/src/app/paths';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { animationsDone } from './support/animations';
import { settled } from './support/page-checks';

// 繁體中文 (decision 046): the drawer's language setting shows the interface and the catalogue in
// traditional characters, kept on the device, and a search typed in them finds the same works.

const journey = useJourney();
const toTraditional = Converter({ from: 'cn', to: 'tw' });
/** A demo work whose title reads otherwise in traditional characters, and a word of it that does. */
let work: WorkListItem;
let word: string;

beforeAll(async () => {
  const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 32,
  });
  for (const row of list.rows) {
    const run = row.title.match(/\p{Script=Han}{2,}/gu)?.find((han) => toTraditional(han) !== han);
    if (run) {
      work = row;
      word = run.slice(0, 4);
      return;
    }
  }
  throw new Error('no demo title with a word that traditional characters spell otherwise');
});

const html = (page: Page) => page.locator('html');
const languageRow = (page: Page) => page.getByTestId('language');

async function choose(page: Page, name: string, sheetLabel: string = MEMBER_TEXT.language) {
  await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
  await languageRow(page).click();
  await page.getByRole('group', { name: sheetLabel }).getByRole('button', { name, exact: true }).click();
}

describe('繁體中文', () => {
  it('converts the interface and the catalogue from the drawer, keeps it for the next page, and back', async () => {
    const page = await journey.page();
    await page.goto(journey.url('/user'));
    await choose(page, MEMBER_TEXT.languageNames.hant);
    await expect.poll(() => html(page).getAttribute('lang')).toBe('zh-Hant');
    await expect
      .poll(() => languageRow(page).textContent())
      .toBe(toTraditional(MEMBER_TEXT.language) + MEMBER_TEXT.languageNames.hant);
    await animationsDone(page);
    await screenshot(page, 'traditional-drawer');

    // The next page, prerendered in 简体, is converted once the app has taken it over.
    await page.goto(journey.url('/index'));
    await expect.poll(() => html(page).getAttribute('lang')).toBe('zh-Hant');
    const card = page.locator(`main a[href="${workPath(work)}"]`).first();
    await expect.poll(() => card.textContent()).toContain(toTraditional(work.title));
    await settled(page);
    await screenshot(page, 'traditional-index');

    // Back to 简体: the page loads anew as the server sent it.
    await page.goto(journey.url('/user'));
    await expect.poll(() => html(page).getAttribute('lang')).toBe('zh-Hant');
    await Promise.all([
      page.waitForEvent('load'),
      choose(page, toTraditional(MEMBER_TEXT.languageNames.hans), toTraditional(MEMBER_TEXT.language)),
    ]);
    await expect.poll(() => html(page).getAttribute('lang')).toBe('zh-CN');
    await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
    await expect
      .poll(() => languageRow(page).textContent())
      .toBe(MEMBER_TEXT.language + MEMBER_TEXT.languageNames.hans);
  });

  it('finds with a keyword in traditional characters the works its simplified spelling finds', async () => {
    const traditional = toTraditional(word);
    expect(traditional).not.toBe(word);
    const search = (keyword: string) =>
      journey.server.apiGet<{ rows: WorkListItem[]; total: number }>(API.worksList, {
        keyword,
        pageNum: 1,
        pageSize: PAGE_SIZE.search,
        date: 999,
      });
    const [simplifiedFound, traditionalFound] = await Promise.all([search(word), search(traditional)]);
    expect(simplifiedFound.total).toBeGreaterThan(0);
    expect(traditionalFound.rows.map((row) => row.id)).toEqual(simplifiedFound.rows.map((row) => row.id));

    const page = await journey.page();
    await page.goto(journey.url(searchPath(traditional)));
    const first = simplifiedFound.rows[0]!;
    await page
      .locator(`main a[href="${workPath(first)}"]`)
      .first()
      .waitFor();
    await screenshot(page, 'traditional-search');
  });
});
