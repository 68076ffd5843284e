import { API, fillPath, STAFF_API, STAFF_MSG, TWO_FACTOR_MSG, type VipPackage } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { SECOND_FACTOR_TEXT } from '../packages/web/src/features/account/second-factor-texts';
import { SECURITY_TEXT } from '../packages/web/src/features/account-security/texts';
import { AUDIT_TEXT } from '../packages/web/src/features/admin/audit/texts';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { accountFormReady, apiOk, bearer, registerMember } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { animationsDone } from './support/animations';
import { DESKTOP, screenshot } from './support/browser';
import { confirmDialog, registerStaff, sectionLink, toast, totpCode } from './support/console';
import { useJourney } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';

// Staff the site can trust (decision 071): a new 财务 enrols 两步验证 with codes computed here from
// the secret the page shows, signs in with a code, mints codes within the daily cap and is
// refused past it; an admin sees each step in 操作日志 with before and after.

const DAILY_CAP = 5;
const journey = useJourney({
  config: { staffTrust: { codesDailyCap: DAILY_CAP, consoleIdleMinutes: 30 } },
  // Refusals the journey asks for: no second factor yet (403), a wrong code (400), past the cap (429).
  expectedProblems: /status of (400|403|429)/,
});
const { url } = journey;

describe('a new staff member, from enrolment to the audit log', () => {
  it('enrols TOTP, signs in with a code, mints within the cap, and the admin sees it all', async () => {
    const boss = await registerStaff(journey.server, 'boss', ['member', 'admin']);
    const newcomer = await registerMember(journey.server, 'finance');

    // The admin makes the member 财务 (a sensitive change: the admin signed in just now).
    await apiOk(
      journey.server,
      'POST',
      fillPath(STAFF_API.user, { id: newcomer.userId }),
      { roles: ['member', 'finance'] },
      bearer(boss.accessToken),
    );

    // The console first sends the newcomer to set up 两步验证.
    const phone = await journey.page({ member: newcomer });
    await phone.goto(url('/admin/codes'));
    await toast(phone, TWO_FACTOR_MSG.enrolRequired).waitFor();
    await phone.waitForURL((address) => address.pathname === '/user/security');
    const section = phone.getByTestId('two-factor');
    await section.getByRole('button', { name: SECURITY_TEXT.enableTwoFactor }).click();
    await section.getByLabel(SECURITY_TEXT.oldPassword).fill(newcomer.password);
    await section.getByRole('button', { name: SECURITY_TEXT.enrolNext }).click();
    const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The QR code is drawn in the page.
    await section.locator('svg, canvas, img').first().waitFor();
    await screenshot(phone, 'staff-trust-enrol');
    expect(await overflowsHorizontally(phone)).toBe(false);

    // A wrong code first: refused, still off.
    await section.getByLabel(SECURITY_TEXT.code).fill('000000');
    await section.getByRole('button', { name: SECURITY_TEXT.confirmEnable }).click();
    await toast(phone, TWO_FACTOR_MSG.codeWrong).waitFor();
    await section.getByLabel(SECURITY_TEXT.code).fill(await totpCode(secret));
    await section.getByRole('button', { name: SECURITY_TEXT.confirmEnable }).click();
    await section.getByLabel(SECURITY_TEXT.backupCodesLabel).waitFor();
    expect(await seriousAxeViolations(phone)).toEqual([]);

    // Signs in again on a desk: the password, then the authenticator's next code.
    const desk = await journey.page({ device: DESKTOP });
    await desk.goto(url('/login'));
    await accountFormReady(desk);
    await desk.getByLabel(ACCOUNT_TEXT.userName, { exact: true }).fill(newcomer.userName);
    await desk.getByLabel(ACCOUNT_TEXT.password, { exact: true }).fill(newcomer.password);
    await desk.getByRole('button', { name: ACCOUNT_TEXT.login, exact: true }).click();
    const step = desk.getByTestId('second-factor');
    await step.getByLabel(SECOND_FACTOR_TEXT.code).fill(await totpCode(secret, 1));
    await step.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }).click();
    await desk.waitForURL((address) => !address.pathname.startsWith('/login'));

    // 财务 sees its sections only, and mints within the cap.
    await desk.goto(url('/admin'));
    await sectionLink(desk, ADMIN_TEXT.codes).waitFor();
    expect(await sectionLink(desk, ADMIN_TEXT.inbox).count()).toBe(0);
    await sectionLink(desk, ADMIN_TEXT.codes).click();
    const packages = (await journey.server.apiGet<{ rows: VipPackage[] }>(API.vipList, { status: '0' })).rows;
    const form = desk.getByTestId('generate-codes');
    const mint = async (count: number, batch: string) => {
      await form.locator('select[name="packageId"]').selectOption(packages[0]!.id);
      await form.locator('input[name="count"]').fill(String(count));
      await form.locator('input[name="batch"]').fill(batch);
      await form.getByRole('button', { name: ADMIN_TEXT.generate }).click();
    };
    const batch = `trust-${Date.now().toString(36)}`;
    await mint(3, batch);
    await desk.getByTestId('generated-codes').getByText(ADMIN_TEXT.generated(3)).waitFor();
    await mint(3, `${batch}-more`);
    await toast(desk, STAFF_MSG.mintCapReached).waitFor();
    const stored = await journey.server.database.db
      .selectFrom('activation_codes')
      .select('batch')
      .where('batch', 'in', [batch, `${batch}-more`])
      .execute();
    expect(stored.map((row) => row.batch)).toEqual([batch, batch, batch]);
    await screenshot(desk, 'staff-trust-cap');

    // The admin's 操作日志: the role given, and the batch minted, each with before and after.
    const admin = await journey.page({ device: DESKTOP, member: boss });
    await admin.goto(url('/admin/audit'));
    const rows = admin.getByTestId('audit-row');
    await rows.first().waitFor();
    const minted = rows
      .filter({ hasText: newcomer.userName })
      .and(admin.locator('[data-action="codes.mint"]'));
    await expect.poll(() => minted.count()).toBe(1);
    const roles = admin.locator('[data-testid="audit-row"][data-action="user.roles"]').first();
    await roles.click();
    const entry = admin.getByTestId('audit-entry');
    await entry.getByText(AUDIT_TEXT.changes).waitFor();
    await expect.poll(() => entry.innerText()).toContain('finance');
    await screenshot(admin, 'staff-trust-audit');
    await entry.getByRole('button', { name: ADMIN_TEXT.close }).click();
    await entry.waitFor({ state: 'detached' });

    // The newcomer lost the phone: the admin turns the second factor off, saying why; the
    // newcomer's logins end, and the log has it.
    await sectionLink(admin, ADMIN_TEXT.users).click();
    await admin.getByTestId('users').getByRole('searchbox').fill(newcomer.userName);
    await admin.getByTestId('users').getByRole('button', { name: ADMIN_TEXT.search }).click();
    const userRow = admin.locator(`[data-user="${newcomer.userName}"]`);
    await userRow.getByRole('button', { name: ADMIN_TEXT.resetTwoFactor }).click();
    await admin.locator('.adm-dialog').getByLabel(ADMIN_TEXT.reason).fill('手机丢失');
    await animationsDone(admin);
    await screenshot(admin, 'staff-trust-reset');
    await confirmDialog(admin, ADMIN_TEXT.resetTwoFactor);
    await toast(admin, STAFF_MSG.twoFactorReset).waitFor();
    const after = await journey.server.database.db
      .selectFrom('staff_actions')
      .select(['action', 'reason'])
      .where('object_id', '=', newcomer.userId)
      .orderBy('id')
      .execute();
    expect(after).toEqual([
      { action: 'user.roles', reason: null },
      { action: 'user.twoFactorReset', reason: '手机丢失' },
    ]);

    // The same log on a phone: the newest entry opens with its fields by name.
    const pocket = await journey.page({ member: boss });
    await pocket.goto(url('/admin/audit'));
    await pocket.getByTestId('audit-row').first().click();
    const reset = pocket.getByTestId('audit-entry');
    await expect.poll(() => reset.getByTestId('audit-entry-reason').innerText()).toBe('手机丢失');
    await reset.locator('[data-field="twoFactor"]').waitFor();
    await screenshot(pocket, 'staff-trust-audit-phone');
  });
});
