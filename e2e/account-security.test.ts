import { API } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { SECURITY_TEXT } from '../packages/web/src/features/account-security/texts';
import { MEMBER_TEXT } from '../packages/web/src/features/member/texts';
import { apiCall, bearer, logInAgain, registerMember } from './support/accounts';
import { animationsDone } from './support/animations';
import { DESKTOP, screenshot } from './support/browser';
import { confirmDialog, toast } from './support/console';
import { useJourney } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';

// 账号与安全 at phone size: change the password (the other device is logged out), see the
// logins, end another device, and 退出所有设备.

const journey = useJourney();
const { url } = journey;

/** Whether an access token still opens getInfo. */
const stillLoggedIn = async (accessToken: string) =>
  (await apiCall<{ code: number }>(journey.server, 'GET', API.userInfo, {}, bearer(accessToken))).json
    .code === 200;

describe('账号与安全', () => {
  it('changes the password, ends another device, then every device', async () => {
    const member = await registerMember(journey.server, 'secure');
    const laptopLogin = await logInAgain(journey.server, member);
    const phone = await journey.page({ member });
    const laptop = await journey.page({ device: DESKTOP, member: laptopLogin });

    // From the member center's 更多, as a member finds it.
    await phone.goto(url('/user'));
    await phone.getByRole('button', { name: MEMBER_TEXT.more }).click();
    await phone.getByTestId('member-drawer').getByRole('link', { name: MEMBER_TEXT.accountSecurity }).click();
    await phone.waitForURL(url('/user/security'));
    const sessions = phone.getByTestId('login-sessions').getByRole('listitem');
    await expect.poll(() => sessions.count()).toBe(2);
    await expect
      .poll(() => phone.locator('[data-current]').getByText(SECURITY_TEXT.thisDevice).count())
      .toBe(1);
    expect(await overflowsHorizontally(phone)).toBe(false);
    await screenshot(phone, 'account-security', true);

    // A wrong current password: told so, nothing changes.
    const newPassword = 'brand-new-pass-1';
    await phone.getByLabel(SECURITY_TEXT.oldPassword, { exact: true }).fill('not-the-password');
    await phone.getByLabel(SECURITY_TEXT.newPassword, { exact: true }).fill(newPassword);
    await phone.getByLabel(SECURITY_TEXT.confirmPassword, { exact: true }).fill(newPassword);
    await phone.getByRole('button', { name: SECURITY_TEXT.changePassword }).click();
    await toast(phone, '当前密码错误').waitFor();
    expect(await stillLoggedIn(laptopLogin.accessToken)).toBe(true);
    journey.dropProblems(/400/);

    // The right one: the laptop's login ends, this one goes on.
    await phone.getByLabel(SECURITY_TEXT.oldPassword, { exact: true }).fill(member.password);
    await phone.getByRole('button', { name: SECURITY_TEXT.changePassword }).click();
    await toast(phone, SECURITY_TEXT.passwordChanged(1)).waitFor();
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await phone.getByLabel(SECURITY_TEXT.oldPassword, { exact: true }).inputValue()).toBe('');
    expect(await stillLoggedIn(laptopLogin.accessToken)).toBe(false);
    expect(await stillLoggedIn(member.accessToken)).toBe(true);

    // The laptop, opening the member center again, is a visitor now.
    await laptop.goto(url('/user'));
    await laptop.getByRole('button', { name: MEMBER_TEXT.goLogin }).first().waitFor();
    journey.dropProblems(/401|403/);

    // Logged in again elsewhere with the new password, then ended from the phone.
    const tablet = await logInAgain(journey.server, { ...member, password: newPassword });
    await phone.reload();
    await expect.poll(() => sessions.count()).toBe(2);
    await sessions
      .filter({ hasNot: phone.getByText(SECURITY_TEXT.thisDevice) })
      .getByRole('button')
      .click();
    await animationsDone(phone);
    await screenshot(phone, 'account-security-end-one');
    await confirmDialog(phone, SECURITY_TEXT.endSession);
    await toast(phone, SECURITY_TEXT.sessionEnded).waitFor();
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await stillLoggedIn(tablet.accessToken)).toBe(false);

    // 退出所有设备: this one too, back to /login.
    await phone.getByRole('button', { name: SECURITY_TEXT.endAll }).click();
    await confirmDialog(phone, SECURITY_TEXT.endAll);
    await phone.waitForURL(url('/login'));
    await toast(phone, SECURITY_TEXT.allEnded).waitFor();
    expect(await stillLoggedIn(member.accessToken)).toBe(false);
    journey.dropProblems(/401|403/);
  });

  it('asks a visitor to log in first', async () => {
    const page = await journey.page();
    await page.goto(url('/user/security'));
    await page.getByText(SECURITY_TEXT.loginFirst).waitFor();
    expect(await page.getByTestId('login-sessions').count()).toBe(0);
  });
});
