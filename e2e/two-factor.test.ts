import { TWO_FACTOR_LIMITS } from '@yingku/contract';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { SECOND_FACTOR_TEXT } from '../packages/web/src/features/account/second-factor-texts';
import { SECURITY_TEXT } from '../packages/web/src/features/account-security/texts';
import { accountFormReady, registerMember } from './support/accounts';
import { screenshot } from './support/browser';
import { toast } from './support/console';
import { useJourney } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';

// 两步验证 at phone size (decision 070): set up from 账号与安全 with the QR code's secret, the
// backup codes shown once, then a login that asks for the code after the password.

const journey = useJourney();
const { url } = journey;

/** The code of the step `steps` from now, as the member's authenticator app shows it. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TWO_FACTOR_LIMITS.periodSeconds });

describe('两步验证', () => {
  it('is set up with a code from the app, shows the backup codes, and then asks for a code at login', async () => {
    const member = await registerMember(journey.server, 'totp');
    const phone = await journey.page({ member });
    await phone.goto(url('/user/security#two-factor'));
    const section = phone.getByTestId('two-factor');
    await section.getByText(SECURITY_TEXT.twoFactorOff).waitFor();
    await section.getByRole('button', { name: SECURITY_TEXT.enableTwoFactor }).click();
    await section.getByLabel(SECURITY_TEXT.oldPassword, { exact: true }).fill(member.password);
    await section.getByRole('button', { name: SECURITY_TEXT.enrolNext }).click();

    // The QR code (drawn in the page) and the secret to type instead.
    await section.getByRole('img', { name: SECURITY_TEXT.scanAlt }).waitFor();
    const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await overflowsHorizontally(phone)).toBe(false);
    await screenshot(phone, 'two-factor-scan', true);

    const confirmedWith = await codeAt(secret);
    await section.getByLabel(SECURITY_TEXT.code, { exact: true }).fill(confirmedWith);
    await section.getByRole('button', { name: SECURITY_TEXT.confirmEnable }).click();
    await toast(phone, SECURITY_TEXT.twoFactorEnabled(0)).waitFor();
    const codes = section.getByTestId('new-backup-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(TWO_FACTOR_LIMITS.backupCodeCount);
    await screenshot(phone, 'two-factor-backup-codes', true);
    await section.getByRole('button', { name: SECURITY_TEXT.codesSaved }).click();
    await section.getByText(SECURITY_TEXT.twoFactorOn).waitFor();
    await section.getByText(SECURITY_TEXT.backupCodesLeft(TWO_FACTOR_LIMITS.backupCodeCount)).waitFor();

    // A login elsewhere: the password, then the code on the same page.
    const other = await journey.page();
    await other.goto(url('/login'));
    await accountFormReady(other);
    await other.getByLabel(ACCOUNT_TEXT.userName, { exact: true }).fill(member.userName);
    await other.getByLabel(ACCOUNT_TEXT.password, { exact: true }).fill(member.password);
    await other.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    const step = other.getByTestId('second-factor');
    await step.getByText(SECOND_FACTOR_TEXT.heading).waitFor();
    expect(await overflowsHorizontally(other)).toBe(false);
    await screenshot(other, 'login-second-factor');
    // The code the set-up took is refused (still inside its window); the next one logs in.
    await step.getByLabel(SECOND_FACTOR_TEXT.code, { exact: true }).fill(confirmedWith);
    await step.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }).tap();
    await toast(other, '这个验证码刚刚用过').waitFor();
    journey.dropProblems(/400/);
    await step.getByLabel(SECOND_FACTOR_TEXT.code, { exact: true }).fill(await codeAt(secret, 1));
    await step.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }).tap();
    await other.waitForURL(url('/user'));
    await other.getByText(member.userName, { exact: true }).first().waitFor();
  });
});
