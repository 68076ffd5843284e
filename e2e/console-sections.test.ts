import { API, type VipPackage } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { apiCall, apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { DESKTOP, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { confirmDialog, registerStaff, sectionLink, toast } from './support/console';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();
let staff: TestMember;

beforeAll(async () => {
  staff = await registerStaff(journey.server);
});

const { url } = journey;

async function search(page: Page, panel: string, text: string): Promise<void> {
  await page.getByTestId(panel).getByRole('searchbox').fill(text);
  await page.getByTestId(panel).getByRole('button', { name: ADMIN_TEXT.search }).click();
}

const shopPackages = async () =>
  (await journey.server.apiGet<{ rows: VipPackage[] }>(API.vipList, { status: '0' })).rows;

describe('orders and users in the console', () => {
  it('finds a user’s order, gives the user VIP and disables the account', async () => {
    const member = await registerMember(journey.server, 'buyer');
    const [annual] = (await shopPackages()).filter((row) => row.name === '年卡');
    await apiOk(
      journey.server,
      'POST',
      API.submitOrder,
      { groupId: annual!.id, payChannel: 'alipay' },
      bearer(member.accessToken),
    );

    const desk = await journey.page({ member: staff, device: DESKTOP });
    await desk.goto(url('/admin'));
    await sectionLink(desk, ADMIN_TEXT.orders).click();
    await search(desk, 'orders', member.userName);
    const order = desk.getByTestId('orders-table').locator('tbody tr');
    await expect.poll(() => order.count()).toBe(1);
    const cells = await order.locator('td').allInnerTexts();
    expect(cells.slice(1, 6)).toEqual([
      ADMIN_TEXT.orderUnpaid,
      expect.stringContaining(member.userName),
      '年卡',
      `¥${annual!.currentPrice}`,
      ADMIN_TEXT.channelAlipay,
    ]);
    expect(await overflowsHorizontally(desk)).toBe(false);
    await screenshot(desk, 'console-desktop-orders');

    // VIP until a set time, through the user dialog.
    await sectionLink(desk, ADMIN_TEXT.users).click();
    await search(desk, 'users', member.userName);
    const row = desk.locator(`[data-user="${member.userName}"]`);
    await row.getByRole('button', { name: ADMIN_TEXT.edit }).click();
    const dialog = desk.getByTestId('user-dialog');
    await dialog.getByLabel(ADMIN_TEXT.vipUntil).fill('2031-05-06T07:08:09');
    await dialog.getByLabel(ADMIN_TEXT.reason).fill('测试补偿');
    await animationsDone(desk);
    await screenshot(desk, 'console-desktop-user-dialog');
    await dialog.getByRole('button', { name: ADMIN_TEXT.save }).click();
    await toast(desk, ADMIN_TEXT.saved).waitFor();
    await row.getByText('2031-05-06 07:08').waitFor();
    await row.getByText('VIP会员').waitFor();

    // Disabled: its login stops at once.
    await row.getByRole('button', { name: ADMIN_TEXT.edit }).click();
    await dialog.getByRole('button', { name: ADMIN_TEXT.disable }).click();
    await confirmDialog(desk, ADMIN_TEXT.disable);
    await toast(desk, ADMIN_TEXT.disabledDone).waitFor();
    await row.getByText(ADMIN_TEXT.disabledTag).waitFor();
    const after = await apiCall(journey.server, 'GET', API.userInfo, {}, bearer(member.accessToken));
    expect(after.status).toBe(401);
    await screenshot(desk, 'console-desktop-users');

    const phone = await journey.page({ member: staff });
    await phone.goto(url('/admin/orders'));
    await phone.getByTestId('orders-table').waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    await screenshot(phone, 'console-phone-orders');
  });
});

describe('VIP packages in the console', () => {
  it('edits a package’s name, remark and price and takes it off sale; the shop follows', async () => {
    const desk = await journey.page({ member: staff, device: DESKTOP });
    await desk.goto(url('/admin/packages'));
    const row = desk.locator('[data-package="两月卡"]');
    await row.getByRole('button', { name: ADMIN_TEXT.edit }).click();
    const dialog = desk.getByTestId('package-dialog');
    await dialog.locator('input[name="name"]').fill('双月卡');
    await dialog.locator('input[name="remark"]').fill('两个月畅享VIP');
    await dialog.locator('input[name="price"]').fill('19.9');
    await animationsDone(desk);
    await screenshot(desk, 'console-desktop-package-dialog');
    await dialog.getByRole('button', { name: ADMIN_TEXT.save }).click();
    await toast(desk, ADMIN_TEXT.saved).waitFor();
    const renamed = desk.locator('[data-package="双月卡"]');
    await renamed.getByText('两个月畅享VIP').waitFor();
    await renamed.getByText('¥19.90').waitFor();
    expect(await shopPackages()).toContainEqual(
      expect.objectContaining({ name: '双月卡', remark: '两个月畅享VIP', currentPrice: '19.90' }),
    );

    // Off sale: out of the shop, still listed here.
    await renamed.getByRole('button', { name: ADMIN_TEXT.edit }).click();
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: ADMIN_TEXT.save }).click();
    await renamed.getByText(ADMIN_TEXT.offSale).waitFor();
    expect((await shopPackages()).map((row) => row.name)).toEqual(['年卡']);
    expect(await overflowsHorizontally(desk)).toBe(false);
    await screenshot(desk, 'console-desktop-packages');

    const phone = await journey.page({ member: staff });
    await phone.goto(url('/admin/packages'));
    await phone.locator('[data-package="双月卡"]').waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    await screenshot(phone, 'console-phone-packages');
  });
});
