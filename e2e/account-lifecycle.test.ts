import { readFile } from 'node:fs/promises';
import { API, DELETION_MSG, RECOVERY_MSG, SERVER_MSG, STAFF_API } from '@yingku/contract';
import { testConfig } from '@yingku/server/src/config';
import { linkToken, startSmtpServer, type TestSmtpServer } from '@yingku/server/test/smtp-server';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { RECOVERY_TEXT } from '../packages/web/src/features/account-recovery/texts';
import { SECURITY_TEXT } from '../packages/web/src/features/account-security/texts';
import { PRIVACY_TEXT } from '../packages/web/src/features/privacy/texts';
import { apiCall, apiOk, bearer, logInAgain, registerMember, type TestMember } from './support/accounts';
import { animationsDone } from './support/animations';
import { DESKTOP, screenshot } from './support/browser';
import { fillLogin, registerStaff, toast } from './support/console';
import { useJourney } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';
import { seriousAxeViolations } from './support/axe';

// A member's account from first day to last, at phone size: the safe e-mail verified from the
// mail, a forgotten password reset from the mailed link (the other device logged out), the data
// exported and opened, and 注销账号 — undone by logging in, asked again, then done by the job.
// Mails go through a real SMTP server; the links are followed from what arrived.

let smtp: TestSmtpServer | undefined;
const journey = useJourney({
  // No cooling-off: a request is due at once, and the test runs the job itself.
  config: async () => {
    smtp = await startSmtpServer();
    return { accountDeletionDays: 0, mail: { ...testConfig().mail, smtpUrl: smtp.url } };
  },
  afterClose: async () => {
    await smtp?.close();
  },
});
const { url } = journey;
const mails = () => smtp!;

/** The site path and fragment of a mailed link, opened on the test server. */
const sitePath = (link: string) => {
  const { pathname, hash } = new URL(link);
  return `${pathname}${hash}`;
};
const stillLoggedIn = async (accessToken: string) =>
  (await apiCall<{ code: number }>(journey.server, 'GET', API.userInfo, {}, bearer(accessToken))).json
    .code === 200;
const emailOf = (member: TestMember) => `${member.userName}@example.com`;
/** What axe finds serious on the page as it is now: nothing, on every screen of this file. */
const axeFindings = async (page: Awaited<ReturnType<typeof journey.page>>) =>
  (await seriousAxeViolations(page)).map((f) => `${f.id} (${f.nodes[0]?.target})`);

describe('a member’s account, first day to last', () => {
  it('shows 用户协议与隐私政策 from the register form, readable on a phone', async () => {
    const phone = await journey.page();
    await phone.goto(url('/register'));
    await phone.getByRole('link', { name: ACCOUNT_TEXT.consentLink }).click();
    await phone.waitForURL(url('/privacy'));
    await phone.getByRole('heading', { level: 1, name: PRIVACY_TEXT.title }).waitFor();
    await phone.getByText(PRIVACY_TEXT.version).waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    expect(await axeFindings(phone)).toEqual([]);
    await screenshot(phone, 'account-privacy');
  });

  it('verifies the safe e-mail, then resets a forgotten password from the mail', async () => {
    const member = await registerMember(journey.server, 'forgot');
    const laptop = await logInAgain(journey.server, member);
    const phone = await journey.page();

    // The registration's mail verifies the address.
    const verify = linkToken(await mails().next(emailOf(member)));
    await phone.goto(url(sitePath(verify.link)));
    await phone.getByTestId('link-outcome').getByText(RECOVERY_MSG.emailVerified).waitFor();
    await screenshot(phone, 'account-verify-email');

    // 忘记密码 from /login: the same answer whoever is named.
    await phone.goto(url('/login'));
    await phone.getByRole('link', { name: ACCOUNT_TEXT.forgotPassword }).click();
    await phone.waitForURL(url('/login/forgot'));
    await phone.getByLabel(RECOVERY_TEXT.account, { exact: true }).fill(member.userName);
    expect(await overflowsHorizontally(phone)).toBe(false);
    expect(await axeFindings(phone)).toEqual([]);
    await screenshot(phone, 'account-forgot-password', true);
    await phone.getByRole('button', { name: RECOVERY_TEXT.sendLink }).click();
    await phone.getByTestId('reset-mail-sent').getByText(RECOVERY_MSG.resetMailSent).waitFor();

    // The mailed link, a new password twice; every login ends, and /login takes the new one.
    const reset = linkToken(await mails().next(emailOf(member), 1));
    await phone.goto(url(sitePath(reset.link)));
    const newPassword = 'Harbor-lantern-47';
    await phone.getByLabel(RECOVERY_TEXT.newPassword, { exact: true }).fill(newPassword);
    await phone.getByLabel(RECOVERY_TEXT.confirmPassword, { exact: true }).fill(newPassword);
    expect(await axeFindings(phone)).toEqual([]);
    await screenshot(phone, 'account-reset-password');
    await phone.getByRole('button', { name: RECOVERY_TEXT.resetPassword }).click();
    await toast(phone, RECOVERY_MSG.passwordResetDone).waitFor();
    await phone.waitForURL(url('/login'));
    expect(await stillLoggedIn(laptop.accessToken)).toBe(false);
    expect(await stillLoggedIn(member.accessToken)).toBe(false);
    await fillLogin(phone, { ...member, password: newPassword });
    await phone.waitForURL(url('/user'));

    // The link works once.
    await phone.goto(url(sitePath(reset.link)));
    await phone.getByLabel(RECOVERY_TEXT.newPassword, { exact: true }).fill('Second-lantern-58');
    await phone.getByLabel(RECOVERY_TEXT.confirmPassword, { exact: true }).fill('Second-lantern-58');
    await phone.getByRole('button', { name: RECOVERY_TEXT.resetPassword }).click();
    await phone.getByTestId('link-outcome').getByText(RECOVERY_MSG.resetLinkInvalid).waitFor();
    journey.dropProblems(/400|401|403/);
  });

  it('exports the member’s data as a zip that opens', async () => {
    const member = await registerMember(journey.server, 'export');
    const phone = await journey.page({ member });
    await phone.goto(url('/user/security'));
    const data = phone.getByTestId('my-data');
    await data.scrollIntoViewIfNeeded();
    await animationsDone(phone);
    await screenshot(phone, 'account-my-data');
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      data.getByRole('button', { name: SECURITY_TEXT.exportData }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^yingku-${member.userName}-\\d{4}-\\d\\d-\\d\\d\\.zip$`),
    );
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const account = JSON.parse(strFromU8(files[`yingku-${member.userName}/account.json`]!));
    expect(account.account).toMatchObject({ userId: member.userId, userName: member.userName });
    await toast(phone, SECURITY_TEXT.exported).waitFor();
  });

  it('deletes the account: undone by logging in, asked again, then done', async () => {
    const member = await registerMember(journey.server, 'leaving');
    const db = journey.server.database.db;
    const work = await db
      .selectFrom('works')
      .select(['id', 'like_count'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await apiOk(journey.server, 'POST', API.like, { dataId: work.id, status: 0 }, bearer(member.accessToken));
    const { data: link } = await apiOk<{ data: string }>(
      journey.server,
      'POST',
      API.submitOrder,
      { groupId: '102', payChannel: 'alipay' },
      bearer(member.accessToken),
    );
    const orderId = /\/sandbox-pay\/(\d+)/.exec(link)![1]!;

    const ask = async (phone: Awaited<ReturnType<typeof journey.page>>) => {
      await phone.goto(url('/user/security'));
      const data = phone.getByTestId('my-data');
      await data.getByText(SECURITY_TEXT.deleteIntro(0)).waitFor();
      await data.getByRole('button', { name: SECURITY_TEXT.deleteAccount }).click();
      await data.getByLabel(SECURITY_TEXT.deletePassword, { exact: true }).fill(member.password);
      await animationsDone(phone);
      expect(await axeFindings(phone)).toEqual([]);
      await screenshot(phone, 'account-delete', true);
      await data.getByRole('button', { name: SECURITY_TEXT.deleteConfirm }).click();
      const notice = phone.locator('.adm-dialog');
      await notice.getByText(SECURITY_TEXT.deleteNotice, { exact: true }).waitFor();
      await notice.getByRole('button', { name: SECURITY_TEXT.deleteNoticeOk }).click();
      await phone.waitForURL(url('/index'));
    };

    // Asked, then undone by logging in.
    const phone = await journey.page({ member });
    await ask(phone);
    expect(await stillLoggedIn(member.accessToken)).toBe(false);
    await phone.goto(url('/login'));
    await fillLogin(phone, member);
    await toast(phone, DELETION_MSG.cancelled).waitFor();
    await phone.waitForURL(url('/user'));
    await journey.server.app.scheduledJobs.accountDeletions();
    expect(
      (
        await db
          .selectFrom('users')
          .select('deleted_at')
          .where('id', '=', member.userId)
          .executeTakeFirstOrThrow()
      ).deleted_at,
    ).toBeNull();

    // Asked again, and the period (none here) over: the job deletes it.
    await ask(phone);
    expect(await journey.server.app.scheduledJobs.accountDeletions()).toBe(1);
    const after = await db
      .selectFrom('works')
      .select('like_count')
      .where('id', '=', work.id)
      .executeTakeFirstOrThrow();
    expect(after.like_count).toBe(work.like_count);

    // The name logs in to nothing.
    await phone.goto(url('/login'));
    await fillLogin(phone, member);
    await toast(phone, SERVER_MSG.loginFailed).waitFor();

    // The order is still in the console, anonymised.
    const staff = await registerStaff(journey.server);
    const desk = await journey.page({ device: DESKTOP, member: staff });
    const orders = await apiOk<{ rows: { orderId: string; userName: string }[] }>(
      journey.server,
      'GET',
      STAFF_API.orders,
      { pageSize: 50 },
      bearer(staff.accessToken),
    );
    expect(orders.rows).toContainEqual(
      expect.objectContaining({ orderId, userName: DELETION_MSG.deletedUser }),
    );
    await desk.goto(url('/admin/orders'));
    await desk.getByText(orderId).waitFor();
    await desk.locator('tr', { hasText: orderId }).getByText(DELETION_MSG.deletedUser).waitFor();
    journey.dropProblems(/400|401|403/);
  });
});
