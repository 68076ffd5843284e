import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { ACCOUNT_TEXT } from '../../packages/web/src/features/account/texts';
import { ADMIN_TEXT } from '../../packages/web/src/features/admin/texts';
import { SECOND_FACTOR_TEXT } from '../../packages/web/src/features/account/second-factor-texts';
import { ACCOUNT_API, API, type AuthTokens } from '@yingku/contract';
import { generate } from 'otplib';
import { accountFormReady, apiOk, bearer, registerMember, type TestMember } from './accounts';
import type { TestServer } from './server';

/** A staff account and what its second factor needs: the secret (for codes) and backup codes. */
export interface TestStaff extends TestMember {
  totpSecret: string;
  backupCodes: string[];
}

/** The code an authenticator app shows for `secret` now (`stepsAhead` steps later). */
export const totpCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/**
 * A staff account: a member registered through the real calls whose roles are raised in the
 * database (users.roles is read on every request) — by default the jobs of the former `staff`
 * role, 客服, 内容 and 财务 — and who set up 两步验证 through the real calls, as the console
 * requires. Its login (the tokens) stays; a new sign-in needs a code or a backup code.
 */
export async function registerStaff(
  server: TestServer,
  prefix = 'staff',
  roles: readonly string[] = ['member', 'support', 'content', 'finance'],
): Promise<TestStaff> {
  const staff = await registerMember(server, prefix);
  await sql`UPDATE users SET roles = ${sql.val([...roles])}::text[] WHERE id = ${staff.userId}`.execute(
    server.database.db,
  );
  const auth = bearer(staff.accessToken);
  const enrol = await apiOk<{ data: { secret: string } }>(
    server,
    'POST',
    ACCOUNT_API.twoFactorEnrol,
    { password: staff.password },
    auth,
  );
  const confirmed = await apiOk<{ data: { backupCodes: string[] } }>(
    server,
    'POST',
    ACCOUNT_API.twoFactorConfirm,
    { code: await totpCode(enrol.data.secret) },
    auth,
  );
  return { ...staff, totpSecret: enrol.data.secret, backupCodes: confirmed.data.backupCodes };
}

/**
 * A login of its own for a staff account (as logInAgain for members): the password, then one of
 * its backup codes for the second step (each is good once, so the caller's list shrinks).
 */
export async function logInStaffAgain(server: TestServer, staff: TestStaff): Promise<TestStaff> {
  const { userName, password } = staff;
  const first = await apiOk<{ data: { ticket: string } }>(server, 'POST', API.login, { userName, password });
  const code = staff.backupCodes.shift();
  if (!code) throw new Error(`${userName} has no backup codes left`);
  const login = await apiOk<{ data: AuthTokens }>(server, 'POST', ACCOUNT_API.loginSecondFactor, {
    ticket: first.data.ticket,
    code,
  });
  return { ...staff, ...login.data };
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

/**
 * Logs in on /login with the form, as a person would, once it can send (the test server's captcha
 * is off). A staff account then answers the 两步验证 step with one of its backup codes.
 */
export async function fillLogin(page: Page, member: TestMember | TestStaff): Promise<void> {
  await accountFormReady(page);
  await page.getByLabel(ACCOUNT_TEXT.userName, { exact: true }).fill(member.userName);
  await page.getByLabel(ACCOUNT_TEXT.password, { exact: true }).fill(member.password);
  await page.getByRole('button', { name: ACCOUNT_TEXT.login, exact: true }).click();
  if (!('backupCodes' in member)) return;
  const code = member.backupCodes.shift();
  if (!code) throw new Error(`${member.userName} has no backup codes left`);
  const step = page.getByTestId('second-factor');
  await step.getByRole('button', { name: SECOND_FACTOR_TEXT.useBackup }).click();
  await step.getByLabel(SECOND_FACTOR_TEXT.backupCode).fill(code);
  await step.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }).click();
}

/** antd-mobile's toast with this text. */
export const toast = (page: Page, text: string) => page.locator('.adm-toast-main').getByText(text);

/** Confirms antd-mobile's open dialog with its button of this label. */
export async function confirmDialog(page: Page, confirmLabel: string): Promise<void> {
  const dialog = page.locator('.adm-dialog');
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}
