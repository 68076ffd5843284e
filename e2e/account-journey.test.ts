import { ALL_TIME, API, MSG, type WorkListItem } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { COLLECT_TEXT } from '../packages/web/src/features/collect/texts';
import { FOLDER_TEXT } from '../packages/web/src/features/collect/folder-texts';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_KEY } from '../packages/web/src/session/auth-storage';
import { accountFormReady, uniqueUserName } from './support/accounts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';

// The whole account story through the screens alone, in one phone session: register,
// log in with the password remembered, like a work, collect it into a new folder, find both in
// the member center, log out.

const journey = useJourney();
const { url } = journey;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const popup = (page: Page) => page.locator('.adm-popup-body:visible');
const cardLinks = (page: Page, list: string) =>
  page
    .locator(`[data-testid="${list}-list"] a[href]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

it('registers, logs in remembered, likes, collects into a new folder, sees both in /user, logs out', async () => {
  const [work] = (
    await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
      modName: 'censored',
      pageSize: 1,
      date: ALL_TIME,
    })
  ).rows;
  const detail = `/censored/${work!.id}`;
  const userName = uniqueUserName('journey');
  const password = 'journey-pass-01';
  const { page, context } = await journey.open();

  // Register → 恭喜您,注册成功! → /login.
  await page.goto(url('/register'));
  await accountFormReady(page);
  await field(page, ACCOUNT_TEXT.userName).fill(userName);
  await field(page, ACCOUNT_TEXT.password).fill(password);
  await field(page, ACCOUNT_TEXT.confirmPassword).fill(password);
  await field(page, ACCOUNT_TEXT.email).fill(`${userName}@example.com`);
  await page.getByText(ACCOUNT_TEXT.consentBefore).tap();
  await page.getByRole('button', { name: ACCOUNT_TEXT.register }).tap();
  await page.getByText(MSG.registerSuccess).waitFor();
  await page.waitForURL(url('/login'));
  await accountFormReady(page);

  // Log in with 记住密码 → /user shows the member.
  await field(page, ACCOUNT_TEXT.password).fill(password);
  await page.getByText(ACCOUNT_TEXT.rememberMe).tap();
  await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
  await page.waitForURL(url('/user'));
  const card = page.getByTestId('user-card');
  await expect.poll(() => card.getByTestId('user-name').textContent()).toBe(userName);

  // Like the work, then collect it into a new folder made from the picker.
  await page.goto(url(detail));
  await page.getByTestId('like-button').tap();
  await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
  await page.getByTestId('collect-button').tap();
  const notice = page.getByRole('status').filter({ hasText: COLLECT_TEXT.addedToDefault });
  await notice.getByRole('button', { name: COLLECT_TEXT.change }).tap();
  await popup(page).getByRole('button', { name: FOLDER_TEXT.newFolder }).tap();
  const form = popup(page).filter({ hasText: FOLDER_TEXT.newFolderTitle });
  await form.getByPlaceholder(FOLDER_TEXT.folderNamePlaceholder).fill('旅途片单');
  await form.getByRole('button', { name: FOLDER_TEXT.create }).tap();
  await popup(page).getByText(FOLDER_TEXT.pickerTitle).waitFor();
  await popup(page).getByRole('button', { name: FOLDER_TEXT.done }).tap();
  await page.getByText(FOLDER_TEXT.saved).waitFor();

  // The member center lists the work under 收藏 (and in the new folder) and under 喜欢.
  await page.goto(url('/user'));
  const folders = page.getByRole('group', { name: MEMBER_TEXT.foldersLabel });
  await folders.getByRole('button', { name: '旅途片单' }).click();
  await expect.poll(() => cardLinks(page, 'collect')).toEqual([detail]);
  await page.getByRole('tab', { name: MEMBER_TEXT.tabLike }).click();
  await expect.poll(() => cardLinks(page, 'like')).toEqual([detail]);
  await page.getByRole('tab', { name: MEMBER_TEXT.tabHistory }).click();
  await expect.poll(() => cardLinks(page, 'history')).toEqual([detail]);
  await screenshot(page, 'journey-member-center');

  // Log out: confirmed, tokens gone, back on /index; the login form still remembers the user.
  await page.getByRole('button', { name: MEMBER_TEXT.more }).click();
  await page.getByTestId('member-drawer').getByRole('button', { name: MEMBER_TEXT.logout }).click();
  await page.getByRole('dialog').getByRole('button', { name: MEMBER_TEXT.logoutConfirmButton }).click();
  await page.waitForURL(url('/index'));
  expect((await context.cookies()).map((c) => c.name)).not.toContain(ACCESS_TOKEN_COOKIE);
  expect(await page.evaluate((key) => localStorage.getItem(key), REFRESH_TOKEN_KEY)).toBeNull();
  await page.goto(url('/login'));
  await expect.poll(() => field(page, ACCOUNT_TEXT.userName).inputValue()).toBe(userName);
  expect(await field(page, ACCOUNT_TEXT.password).inputValue()).toBe(password);
});
