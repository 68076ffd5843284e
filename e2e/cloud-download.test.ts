import { ALL_TIME, API, fillPath, SERVER_MSG, type WorkListItem, STAFF_API } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { CLOUD_TEXT } from '../packages/web/src/features/work-detail/cloud-texts';
import { apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { DESKTOP, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { registerStaff, toast } from './support/console';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();
let works: WorkListItem[];
let staff: TestMember;

beforeAll(async () => {
  works = (
    await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
      modName: 'censored',
      pageSize: 10,
      date: ALL_TIME,
    })
  ).rows;
  staff = await registerStaff(journey.server);
});

const { url } = journey;
const detailPath = (work: WorkListItem) => `/censored/${work.id}`;
const cloudButton = (page: Page) => page.getByTestId('cloud-download');

/** Every /web/cloud call a page makes, from now on. */
function cloudCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/prod-api/web/cloud/')) calls.push(`${request.method()} ${request.url()}`);
  });
  return calls;
}

/** A member made VIP through the console's call, for 30 days. */
async function registerVip(): Promise<TestMember> {
  const vip = await registerMember(journey.server, 'cloudvip');
  const until = new Date(Date.now() + 30 * 86_400_000)
    .toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' })
    .slice(0, 19);
  await apiOk(
    journey.server,
    'POST',
    fillPath(STAFF_API.user, { id: vip.userId }),
    { vipUntil: until, reason: '测试用VIP' },
    bearer(staff.accessToken),
  );
  return vip;
}

describe('cloud downloads (docs/product.md §7 /web/cloud/file/download)', () => {
  it('a VIP asks on the detail page, staff mark it done, the VIP sees 已完成', async () => {
    const vip = await registerVip();
    const work = works[3]!;

    const phone = await journey.open({ member: vip });
    const calls = cloudCalls(phone.page);
    await phone.page.goto(url(detailPath(work)));
    const button = cloudButton(phone.page);
    await button.getByText(CLOUD_TEXT.cloudDownload).waitFor();
    await expect
      .poll(() => calls)
      .toEqual([expect.stringMatching(new RegExp(`^GET .*censoredId=${work.id}`))]);
    await button.tap();
    await toast(phone.page, CLOUD_TEXT.cloudSubmitted).waitFor();
    await button.getByText(CLOUD_TEXT.cloudRequested).waitFor();
    expect(await button.getAttribute('data-state')).toBe('requested');
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
    expect(await overflowsHorizontally(phone.page)).toBe(false);
    await animationsDone(phone.page);
    await screenshot(phone.page, 'cloud-phone-requested');

    // The same state after a reload (read from the server, not kept in the page).
    await phone.page.reload();
    await button.getByText(CLOUD_TEXT.cloudRequested).waitFor();

    // Staff see it first in the console (still to do) and mark it done.
    const desk = await journey.open({ member: staff, device: DESKTOP });
    await desk.page.goto(url('/admin/downloads'));
    const row = desk.page.getByTestId('downloads-table').locator(`tr[data-number="${work.number}"]`);
    await row.getByText(ADMIN_TEXT.downloadRequested).waitFor();
    expect(await row.innerText()).toContain(vip.userName);
    expect(await row.innerText()).toContain(`/censored/${work.id}`);
    await screenshot(desk.page, 'console-desktop-downloads');
    await row.getByRole('button', { name: ADMIN_TEXT.markDone }).click();
    await toast(desk.page, ADMIN_TEXT.markedDone).waitFor();
    await row.getByText(ADMIN_TEXT.downloadDone).waitFor();
    expect(await row.innerText()).toContain(staff.userName);
    expect(await row.getByRole('button', { name: ADMIN_TEXT.markDone }).count()).toBe(0);

    // The VIP sees it done.
    await phone.page.reload();
    await button.getByText(CLOUD_TEXT.cloudDone).waitFor();
    expect(await button.getAttribute('data-state')).toBe('done');
    await screenshot(phone.page, 'cloud-phone-done');
  });

  it('offers a member VIP on tapping, and shows visitors nothing', async () => {
    const member = await registerMember(journey.server, 'cloudmember');
    const work = works[4]!;
    const phone = await journey.open({ member });
    const calls = cloudCalls(phone.page);
    await phone.page.goto(url(detailPath(work)));
    const button = cloudButton(phone.page);
    await button.getByText(CLOUD_TEXT.cloudDownload).waitFor();
    // A member's state is not asked for: only the tap calls.
    expect(calls).toEqual([]);
    await button.tap();
    const dialog = phone.page.locator('.adm-dialog');
    await dialog.getByText(SERVER_MSG.cloudVipRequired).waitFor();
    await dialog.getByRole('button', { name: DETAIL_TEXT.openVip }).waitFor();
    expect(calls).toEqual([expect.stringMatching(/^POST /)]);
    expect(await button.getAttribute('data-state')).toBe('none');
    await animationsDone(phone.page);
    await screenshot(phone.page, 'cloud-phone-member-402');
    await dialog.getByRole('button', { name: DETAIL_TEXT.openVip }).tap();
    await phone.page.waitForURL(url('/pay'));
    // The browser logs the refused call's 402 itself: expected here, and only that.
    expect(phone.problems.every((problem) => problem.includes('402'))).toBe(true);
    phone.problems.splice(0);

    const visitor = await journey.open();
    const visitorCalls = cloudCalls(visitor.page);
    await visitor.page.goto(url(detailPath(work)));
    await visitor.page.getByTestId('like-button').waitFor();
    expect(await cloudButton(visitor.page).count()).toBe(0);
    expect(visitorCalls).toEqual([]);
  });
});
