import {
  ALL_TIME,
  API,
  type CloudDownloadRow,
  fillPath,
  type WorkListItem,
  STAFF_API,
} from '@yingku/contract';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { CLOUD_TEXT } from '../packages/web/src/features/work-detail/cloud-texts';
import { apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { registerStaff } from './support/console';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();
let censored: WorkListItem[];
let western: WorkListItem[];
let staff: TestMember;

beforeAll(async () => {
  const list = (modName: string) =>
    journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, { modName, pageSize: 5, date: ALL_TIME });
  const [censoredPage, westernPage] = await Promise.all([list('censored'), list('western')]);
  censored = censoredPage.rows;
  western = westernPage.rows;
  expect(censored.length).toBeGreaterThanOrEqual(2);
  expect(western.length).toBeGreaterThanOrEqual(1);
  staff = await registerStaff(journey.server);
});

const { url } = journey;
/** A time as the list shows it: `YYYY-MM-DD HH:mm`. */
const MINUTE = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}`;

/** Every /web/cloud call a page makes, from now on. */
function cloudCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/prod-api/web/cloud/')) calls.push(`${request.method()} ${request.url()}`);
  });
  return calls;
}

/** A member made VIP for 30 days in the database (getInfo reads the level on every call). */
async function registerVip(): Promise<TestMember> {
  const vip = await registerMember(journey.server, 'cloudlist');
  await sql`UPDATE users SET level_id = 2, vip_until = now() + interval '30 days' WHERE id = ${vip.userId}`.execute(
    journey.server.database.db,
  );
  return vip;
}

/** A cloud-download request made through the real call, as the work's page makes it. */
async function requestCloud(member: TestMember, work: WorkListItem): Promise<CloudDownloadRow> {
  const { data } = await apiOk<{ data: CloudDownloadRow }>(
    journey.server,
    'POST',
    API.cloudDownload,
    { censoredId: work.id },
    bearer(member.accessToken),
  );
  return data;
}

/** Opens 我的云下载 from the 更多 drawer of /user. */
async function openCloudDownloads(page: Page) {
  await page.goto(url('/user'));
  await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
  await page.getByTestId('member-drawer').getByRole('button', { name: MEMBER_TEXT.cloudDownloads }).click();
  await page.waitForURL(url('/user?panel=cloud'));
  return page.getByTestId('cloud-downloads');
}

const requestList = (page: Page) => page.getByRole('list', { name: MEMBER_TEXT.cloudDownloads });
const requestRow = (page: Page, request: CloudDownloadRow) =>
  requestList(page).locator(`li[data-request-id="${request.id}"]`);

describe('我的云下载 in the member center', () => {
  it('lists a VIP’s requests newest first with their state, and opens a work at its channel', async () => {
    const vip = await registerVip();
    // The older request is done by staff; the newer (a western work) is still being fetched.
    const done = await requestCloud(vip, censored[1]!);
    const pending = await requestCloud(vip, western[0]!);
    await apiOk(
      journey.server,
      'POST',
      fillPath(STAFF_API.downloadDone, { id: done.id }),
      {},
      bearer(staff.accessToken),
    );

    const page = await journey.page({ member: vip });
    const calls = cloudCalls(page);
    await openCloudDownloads(page);
    await requestRow(page, pending).waitFor();

    // Newest first, one page: no load-more, no no-more line.
    const ids = await requestList(page)
      .locator('li')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-request-id')));
    expect(ids).toEqual([pending.id, done.id]);
    expect(await page.getByTestId('cloud-downloads').getByTestId('load-more').count()).toBe(0);
    expect(await page.getByTestId('cloud-downloads').getByTestId('no-more').count()).toBe(0);

    const pendingRow = requestRow(page, pending);
    expect(await pendingRow.getAttribute('data-status')).toBe('0');
    await pendingRow.getByText(CLOUD_TEXT.cloudRequested, { exact: true }).waitFor();
    await pendingRow.getByRole('link').getByText(western[0]!.title).waitFor();
    expect(await pendingRow.innerText()).not.toContain(MEMBER_TEXT.cloudDoneAt('').trim());

    const doneRow = requestRow(page, done);
    expect(await doneRow.getAttribute('data-status')).toBe('1');
    await doneRow.getByText(CLOUD_TEXT.cloudDone, { exact: true }).waitFor();
    const doneLink = doneRow.getByRole('link');
    await doneLink.getByText(censored[1]!.number, { exact: true }).waitFor();
    await doneLink.getByText(censored[1]!.title).waitFor();
    const text = await doneRow.innerText();
    expect(text).toMatch(new RegExp(`${MEMBER_TEXT.cloudRequestedAt('')}${MINUTE}`));
    expect(text).toMatch(new RegExp(`${MEMBER_TEXT.cloudDoneAt('')}${MINUTE}`));

    // Only the caller's list was asked for (no per-work look-ups).
    expect(calls).toEqual([expect.stringMatching(/^GET .*\/web\/cloud\/file\/list\?/)]);
    expect(calls[0]).not.toContain('censoredId');

    expect(await overflowsHorizontally(page)).toBe(false);
    await animationsDone(page);
    await screenshot(page, 'member-cloud-downloads');

    // The row has no channel: a tap looks it up and opens the western route, not /censored.
    await pendingRow.getByRole('link').click();
    await page.waitForURL(url(`/western/${western[0]!.id}`));
    await page.getByText(western[0]!.title).first().waitFor();

    // Back, the list is open again (it lives in the address).
    await page.goBack();
    await page.waitForURL(url('/user?panel=cloud'));
    await requestRow(page, done).waitFor();
  });

  it('shows a member with no requests the empty state, and a visitor the login prompt', async () => {
    const member = await registerMember(journey.server, 'cloudnone');
    const page = await journey.page({ member });
    const panel = await openCloudDownloads(page);
    await panel.getByTestId('cloud-empty').getByText(MEMBER_TEXT.cloudEmpty).waitFor();
    expect(await requestList(page).count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, 'member-cloud-downloads-empty');

    const visitorPage = await journey.page();
    const visitorCalls = cloudCalls(visitorPage);
    const visitorPanel = await openCloudDownloads(visitorPage);
    await visitorPanel.getByTestId('login-prompt').getByText(MEMBER_TEXT.loginToSeeCloud).waitFor();
    await visitorPanel.getByRole('button', { name: MEMBER_TEXT.goLogin }).click();
    await visitorPage.waitForURL(url('/login'));
    expect(visitorCalls).toEqual([]);
  });
});
