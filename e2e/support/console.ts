import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { ACCOUNT_TEXT } from '../../packages/web/src/features/account/texts';
import { ADMIN_TEXT } from '../../packages/web/src/features/admin/texts';
import { accountFormReady, registerMember, type TestMember } from './accounts';
import type { TestServer } from './server';

/**
 * A customer-service account: a member registered through the real calls whose roles are raised
 * in the database (users.roles is read on every request, so its tokens carry staff at once).
 */
export async function registerStaff(server: TestServer, prefix = 'staff'): Promise<TestMember> {
  const staff = await registerMember(server, prefix);
  await sql`UPDATE users SET roles = '{member,staff}' WHERE id = ${staff.userId}`.execute(server.database.db);
  return staff;
}

/** Every console call (`/prod-api/v2/admin/…`) a page makes, as `METHOD path`, from now on. */
export function recordConsoleCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/prod-api/v2/admin/')) calls.push(`${request.method()} ${path}`);
  });
  return calls;
}

/** The console's section link in its sidebar (a tab row on a phone). */
export const sectionLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: ADMIN_TEXT.sections }).getByRole('link', { name: label, exact: true });

/** Logs in on /login with the form, as a person would, once it can send (the test server's captcha is off). */
export async function fillLogin(page: Page, member: TestMember): Promise<void> {
  await accountFormReady(page);
  await page.getByLabel(ACCOUNT_TEXT.userName, { exact: true }).fill(member.userName);
  await page.getByLabel(ACCOUNT_TEXT.password, { exact: true }).fill(member.password);
  await page.getByRole('button', { name: ACCOUNT_TEXT.login, exact: true }).click();
}

/** antd-mobile's toast with this text. */
export const toast = (page: Page, text: string) => page.locator('.adm-toast-main').getByText(text);

/** Confirms antd-mobile's open dialog with its button of this label. */
export async function confirmDialog(page: Page, confirmLabel: string): Promise<void> {
  const dialog = page.locator('.adm-dialog');
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}
