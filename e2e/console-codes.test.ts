import { readFile } from 'node:fs/promises';
import { API, type VipPackage } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { VIP_TEXT } from '../packages/web/src/features/vip/texts';
import { registerMember } from './support/accounts';
import { DESKTOP, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { registerStaff, sectionLink } from './support/console';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();
let twoMonths: VipPackage;

beforeAll(async () => {
  const packages = (await journey.server.apiGet<{ rows: VipPackage[] }>(API.vipList, { status: '0' })).rows;
  twoMonths = packages.find((row) => row.name === '两月卡')!;
  expect(twoMonths).toBeDefined();
});

const { url } = journey;

/** The codes list's row of a code, found by its tail (the list never holds whole codes). */
const codeRow = (page: Page, code: string) =>
  page.getByTestId('codes-table').locator(`tr[data-tail="${code.replace(/-/g, '').slice(-5)}"]`);

describe('activation codes through the console', () => {
  it('staff generate a batch and download it; a user redeems one at /sub; the console shows it used', async () => {
    const staff = await registerStaff(journey.server);
    const member = await registerMember(journey.server, 'redeemer');
    const batch = `e2e-春节-${Date.now().toString(36)}`;

    const desk = await journey.page({ member: staff, device: DESKTOP });
    await desk.goto(url('/admin'));
    await sectionLink(desk, ADMIN_TEXT.codes).click();
    await desk.waitForURL(url('/admin/codes'));

    const form = desk.getByTestId('generate-codes');
    await form.locator('select[name="packageId"]').selectOption(twoMonths.id);
    await form.locator('input[name="count"]').fill('3');
    await form.locator('input[name="batch"]').fill(batch);
    await form.getByRole('button', { name: ADMIN_TEXT.generate }).click();

    const generated = desk.getByTestId('generated-codes');
    await generated.getByText(ADMIN_TEXT.generated(3)).waitFor();
    const codes = await generated.getByTestId('generated-code-list').locator('li').allInnerTexts();
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4,5}(-[0-9A-Z]{4,5})+$/);

    // 下载CSV: the CLI's file, code,package,batch.
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      generated.getByRole('button', { name: ADMIN_TEXT.downloadCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`activation-codes-${batch}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'code,package,batch',
      ...codes.map((code) => `${code},两月卡,${batch}`),
      '',
    ]);

    // The batch is listed with none used; the list below shows its 3 codes, unused.
    const batchRow = desk.getByTestId('batches-table').locator(`tr[data-batch="${batch}"]`);
    await expect
      .poll(() => batchRow.locator('td').allInnerTexts())
      .toEqual([batch, '两月卡', '3', '0', staff.userName, expect.any(String), ADMIN_TEXT.showCodes]);
    await desk.getByTestId('batch-filter').getByText(batch).waitFor();
    await expect.poll(() => desk.getByTestId('codes-table').locator('tbody tr').count()).toBe(3);
    expect(await codeRow(desk, codes[0]!).getAttribute('data-used')).toBe('false');
    expect(await overflowsHorizontally(desk)).toBe(false);
    await animationsDone(desk);
    await screenshot(desk, 'console-desktop-codes-generated', true);

    // The user redeems the first at /sub, typed in lower case.
    const phone = await journey.page({ member });
    await phone.goto(url('/sub'));
    await phone.getByPlaceholder(VIP_TEXT.codePlaceholder).fill(codes[0]!.toLowerCase());
    await phone.getByRole('button', { name: VIP_TEXT.activate }).tap();
    await phone.getByTestId('redeem-result').getByText(VIP_TEXT.activated).waitFor();

    // The console, asked again: used, by whom; the batch counts 1 used.
    await desk.reload();
    await desk.getByTestId('codes-table').waitFor();
    await desk.getByTestId('codes').getByRole('searchbox').fill(codes[0]!);
    await desk.getByTestId('codes').getByRole('button', { name: ADMIN_TEXT.search }).click();
    // The search's answer: the one code (before it, the batch's three, ours already used).
    await expect.poll(() => desk.getByTestId('codes-table').locator('tbody tr').count()).toBe(1);
    const used = codeRow(desk, codes[0]!);
    await expect.poll(() => used.getAttribute('data-used')).toBe('true');
    expect(await used.getByTestId('redeemed-by').innerText()).toContain(member.userName);
    await expect.poll(() => batchRow.locator('td').nth(3).innerText()).toBe('1');

    // Only used codes: ours is there, the other two of the batch are not.
    await desk.getByTestId('codes').getByRole('searchbox').fill('');
    await desk.getByTestId('codes').getByRole('button', { name: ADMIN_TEXT.search }).click();
    await batchRow.getByRole('button', { name: ADMIN_TEXT.showCodes }).click();
    await desk.getByTestId('codes').locator('select').selectOption('1');
    await expect.poll(() => desk.getByTestId('codes-table').locator('tbody tr').count()).toBe(1);
    expect(await codeRow(desk, codes[1]!).count()).toBe(0);
    await screenshot(desk, 'console-desktop-codes-used', true);

    // The same section on a phone: nothing sideways but the tables' own scrolling.
    const small = await journey.page({ member: staff });
    await small.goto(url('/admin/codes'));
    await small.getByTestId('batches-table').locator(`tr[data-batch="${batch}"]`).waitFor();
    expect(await overflowsHorizontally(small)).toBe(false);
    await screenshot(small, 'console-phone-codes');
  });
});
