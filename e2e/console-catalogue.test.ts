import { API, fillPath, type WorkDetailResponse } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { searchPath } from '../packages/web/src/app/paths';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { apiCall } from './support/accounts';
import { DESKTOP, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { confirmDialog, registerStaff, sectionLink, toast } from './support/console';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();

const { url } = journey;

/** The work cards of a list page, by their links. */
const card = (page: Page, href: string) => page.locator(`main a[href="${href}"]`);
/** A list has finished loading: works, or the empty state. */
const listSettled = (page: Page) =>
  page.locator('main a[href^="/censored/"], [data-state="empty"]').first().waitFor();
const workRow = (page: Page, id: string) => page.getByTestId('works-table').locator(`tr[data-work="${id}"]`);

describe('the catalogue in the console', () => {
  it('finds a work by another spelling of its number and hides it from visitors', async () => {
    const staff = await registerStaff(journey.server);

    // What a visitor sees first on /censored, and that search and the detail find it.
    const visitor = await journey.open();
    await visitor.page.goto(url('/censored'));
    await listSettled(visitor.page);
    const href = (await visitor.page.locator('main a[href^="/censored/"]').first().getAttribute('href'))!;
    const id = href.split('/').pop()!;
    const detail = await journey.server.apiGet<WorkDetailResponse>(fillPath(API.workDetail, { id }));
    const number = detail.data.number;
    await visitor.page.goto(url(searchPath(number)));
    await card(visitor.page, href).first().waitFor();

    // Staff find it as people type it (lower case, no dash) and hide it, confirming first.
    const desk = await journey.open({ member: staff, device: DESKTOP });
    await desk.page.goto(url('/admin'));
    await sectionLink(desk.page, ADMIN_TEXT.catalogue).click();
    const works = desk.page.getByTestId('works');
    await works.getByRole('searchbox').fill(number.toLowerCase().replace(/-/g, ''));
    await works.getByRole('button', { name: ADMIN_TEXT.search }).click();
    const row = workRow(desk.page, id);
    await row.getByText(ADMIN_TEXT.visible).waitFor();
    expect(await row.getAttribute('data-number')).toBe(number);
    await row.getByRole('button', { name: ADMIN_TEXT.hide }).click();
    await desk.page.locator('.adm-dialog').getByText(ADMIN_TEXT.hideConfirm(number)).waitFor();
    await animationsDone(desk.page);
    await screenshot(desk.page, 'console-desktop-hide-confirm');
    await confirmDialog(desk.page, ADMIN_TEXT.hide);
    await toast(desk.page, ADMIN_TEXT.hidden).waitFor();
    await row.getByTestId('visibility').getByText(ADMIN_TEXT.hiddenTag).waitFor();
    expect(await overflowsHorizontally(desk.page)).toBe(false);
    await screenshot(desk.page, 'console-desktop-catalogue-hidden');

    // A visitor no longer finds it: not in the latest list, not in search, and no detail. A new
    // one: the first visitor's browser may reuse its own copies of these pages for their
    // max-age of 10 s (decision 017), while this server's cache was cleared by the change.
    const later = await journey.open();
    await later.page.goto(url('/censored'));
    await listSettled(later.page);
    expect(await card(later.page, href).count()).toBe(0);
    await later.page.goto(url(searchPath(number)));
    await later.page.locator('[data-state="empty"], [data-testid="no-more"]').first().waitFor();
    expect(await card(later.page, href).count()).toBe(0);
    await later.page.goto(url(href));
    await later.page.locator('[data-state="not-found"]').waitFor();
    // The browser logs the detail's 404 itself: expected here, and only that.
    expect(later.problems.every((problem) => problem.includes('404'))).toBe(true);
    later.problems.splice(0);

    // Shown again, it is back.
    await row.getByRole('button', { name: ADMIN_TEXT.unhide }).click();
    await toast(desk.page, ADMIN_TEXT.unhidden).waitFor();
    const again = await journey.open();
    await again.page.goto(url(searchPath(number)));
    await card(again.page, href).first().waitFor();
  });

  it('imports a JSON Lines file with progress and a per-line error report', async () => {
    const staff = await registerStaff(journey.server, 'importer');
    const suffix = Date.now().toString(36).toUpperCase();
    const line = (n: number, pubDate: string) =>
      JSON.stringify({
        channel: 'censored',
        number: `E2E-${suffix}${n}`,
        title: `导入测试作品 ${n}`,
        pubDate,
        makers: ['测试片商'],
        tags: [{ group: '类型', name: '剧情' }],
      });
    const file = [line(1, '2024-05-01'), line(2, '2024-13-45'), line(3, '2024-05-03')].join('\n') + '\n';

    const desk = await journey.open({ member: staff, device: DESKTOP });
    await desk.page.goto(url('/admin/catalogue'));
    const panel = desk.page.getByTestId('import');
    await panel.getByTestId('import-file').setInputFiles({
      name: 'e2e-works.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(file, 'utf8'),
    });
    await panel.getByTestId('import-file-name').getByText('e2e-works.jsonl').waitFor();
    await panel.getByRole('button', { name: ADMIN_TEXT.startImport }).click();

    const progress = panel.getByTestId('import-progress');
    await progress.waitFor();
    await expect.poll(() => progress.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(await progress.getByTestId('import-lines').innerText()).toBe(ADMIN_TEXT.importProgress(3, 3));
    const count = (name: string) => progress.locator(`[data-count="${name}"] dd`).innerText();
    expect([await count('inserted'), await count('failed')]).toEqual(['2', '1']);
    const errors = progress.getByTestId('import-errors').locator('tbody tr');
    expect(await errors.count()).toBe(1);
    expect(await errors.first().getAttribute('data-line')).toBe('2');
    expect(await errors.first().innerText()).toContain('不是有效日期');
    // The job is listed with its result.
    await desk.page.getByTestId('imports-table').getByText('e2e-works.jsonl').waitFor();
    expect(await overflowsHorizontally(desk.page)).toBe(false);
    await screenshot(desk.page, 'console-desktop-import-report', true);

    // The loaded works are there to find; the bad line's is not.
    const works = desk.page.getByTestId('works');
    await works.getByRole('searchbox').fill(`e2e-${suffix}3`);
    await works.getByRole('button', { name: ADMIN_TEXT.search }).click();
    await works.locator(`tr[data-number="E2E-${suffix}3"]`).waitFor();
    const missing = await apiCall<{ total: number }>(journey.server, 'GET', API.worksList, {
      keyword: `E2E-${suffix}2`,
      date: 999,
    });
    expect(missing.json.total).toBe(0);

    // The same screen on a phone.
    const phone = await journey.open({ member: staff });
    await phone.page.goto(url('/admin/catalogue'));
    await phone.page.getByTestId('imports-table').getByText('e2e-works.jsonl').waitFor();
    expect(await overflowsHorizontally(phone.page)).toBe(false);
    await screenshot(phone.page, 'console-phone-catalogue');
  });
});
