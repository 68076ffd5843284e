import { ALL_TIME, API, API_BASE, MSG, SERVER_MSG, type WorkListItem } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_KEY } from '../packages/web/src/session/auth-storage';
import { REMEMBER_ME_COOKIES } from '../packages/web/src/session/remember-me';
import { accountFormReady, apiOk, registerMember, seedSession } from './support/accounts';
import { networkQuiet, screenshot } from './support/browser';
import { useJourney, useServer } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';

const PASSWORD = 'e2e-password-1';

const journey = useJourney();
const { url } = journey;
let serial = 0;

/** A user name no other test uses (6–32 characters). */
const newUserName = () => `e2e_user_${Date.now().toString(36)}_${++serial}`;

/**
 * Drops the browser's own log lines for calls the server refused with `statuses`: the test
 * expects those refusals, and the page has handled them.
 */
function expectRefusedCalls(...statuses: number[]) {
  journey.dropProblems(new RegExp(`status of (${statuses.join('|')})\\b`));
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toast = (page: Page, text: string) => page.locator('.adm-toast-main').getByText(text, { exact: true });

/** The access-token cookie and the refresh token as the page holds them. */
async function storedTokens(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === ACCESS_TOKEN_COOKIE);
  const refresh = await page.evaluate((key) => localStorage.getItem(key), REFRESH_TOKEN_KEY);
  return { access: cookie?.value, refresh: refresh ?? undefined };
}

/** Counts the calls to one API path the page makes from now on. */
function countCalls(page: Page, apiPath: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `${API_BASE}${apiPath}`) calls.push(request.method());
  });
  return calls;
}

/** Fills the register form for `userName`, typed with surrounding spaces (they are trimmed). */
async function fillRegisterForm(page: Page, userName: string) {
  await field(page, ACCOUNT_TEXT.userName).fill(` ${userName} `);
  await field(page, ACCOUNT_TEXT.password).fill(PASSWORD);
  await field(page, ACCOUNT_TEXT.confirmPassword).fill(PASSWORD);
  await field(page, ACCOUNT_TEXT.email).fill(` ${userName}@example.com `);
  await page.getByText(ACCOUNT_TEXT.consentBefore).tap();
}

describe('register and log in (docs/product.md §2, §4, §5)', () => {
  it('registers, logs in with the password remembered, and finds the form filled next time', async () => {
    const page = await journey.page();
    const userName = newUserName();
    // The form learns whether captchas are on from the captcha call: wait for its answer.
    const captchaCall = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `${API_BASE}${API.captcha}`,
    );
    await page.goto(url('/register'));
    await field(page, ACCOUNT_TEXT.userName).waitFor();
    await expect.poll(() => page.title()).toBe(`${ACCOUNT_TEXT.registerTitle} - ${UI_TEXT.siteName}`);
    expect(await page.getByRole('navigation', { name: UI_TEXT.tabBar }).count()).toBe(0);
    // Captchas are off in the test config: the captcha row (shown while it loads) goes.
    expect((await (await captchaCall).json()).captchaOnOff).toBe(false);
    await expect.poll(() => field(page, ACCOUNT_TEXT.captcha).count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'register');

    await fillRegisterForm(page, userName);
    await page.getByRole('button', { name: ACCOUNT_TEXT.register }).tap();
    await toast(page, MSG.registerSuccess).waitFor();
    await page.waitForURL(url('/login'));
    await expect.poll(() => field(page, ACCOUNT_TEXT.userName).inputValue()).toBe(userName);
    await accountFormReady(page);

    await field(page, ACCOUNT_TEXT.password).fill(PASSWORD);
    await page.getByText(ACCOUNT_TEXT.rememberMe).tap();
    await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    await page.waitForURL(url('/user'));
    // Let the member center finish its own calls first: one still in flight when the tokens are
    // dropped below would go out without a token and be refused (CI once saw two such 403s).
    await page.getByText(userName, { exact: true }).first().waitFor();
    await networkQuiet(page);
    const tokens = await storedTokens(page);
    expect(tokens.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a JWT
    expect(tokens.refresh).toBeTruthy();

    // Logged out in this browser (tokens gone), the login page still remembers the form.
    await page.context().clearCookies({ name: ACCESS_TOKEN_COOKIE });
    await page.evaluate((key) => localStorage.removeItem(key), REFRESH_TOKEN_KEY);
    await page.goto(url('/login'));
    await accountFormReady(page);
    await expect.poll(() => field(page, ACCOUNT_TEXT.userName).inputValue()).toBe(userName);
    expect(await field(page, ACCOUNT_TEXT.password).inputValue()).toBe(PASSWORD);
    // antd-mobile keeps the native checkbox inside its label, visually hidden.
    const remember = page.getByRole('checkbox', { name: ACCOUNT_TEXT.rememberMe, includeHidden: true });
    expect(await remember.isChecked()).toBe(true);
    // The remembered password is encoded, and only the login page's document can see it.
    const remembered = (await page.context().cookies()).find((c) => c.name === REMEMBER_ME_COOKIES.password);
    expect(remembered?.value).not.toContain(PASSWORD);
    expect(remembered?.path).toBe('/login');
    expect(remembered!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    await screenshot(page, 'login-remembered');

    // Unticked, the next login forgets them.
    await page.getByText(ACCOUNT_TEXT.rememberMe).tap();
    await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    await page.waitForURL(url('/user'));
    const names: string[] = Object.values(REMEMBER_ME_COOKIES);
    expect((await page.context().cookies()).filter((c) => names.includes(c.name))).toEqual([]);
  });

  it('shows the docs/product.md §5 texts for short inputs and sends nothing', async () => {
    const page = await journey.page();
    const logins = countCalls(page, API.login);
    const registers = countCalls(page, API.register);
    await page.goto(url('/login'));
    await accountFormReady(page);
    await field(page, ACCOUNT_TEXT.userName).fill('abcde');
    await field(page, ACCOUNT_TEXT.password).fill('1234567');
    await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    await page.getByText(MSG.userNameTooShort).waitFor();
    await page.getByText(MSG.passwordTooShort).waitFor();
    await screenshot(page, 'login-invalid');

    await page.goto(url('/register'));
    await accountFormReady(page);
    await field(page, ACCOUNT_TEXT.userName).fill('valid_name');
    await field(page, ACCOUNT_TEXT.password).fill(PASSWORD);
    await field(page, ACCOUNT_TEXT.confirmPassword).fill(`${PASSWORD}x`);
    await field(page, ACCOUNT_TEXT.email).fill('a@b.cn');
    await page.getByRole('button', { name: ACCOUNT_TEXT.register }).tap();
    await page.getByText(MSG.passwordsDiffer).waitFor();
    await page.getByText(SERVER_MSG.emailTooShort).waitFor();
    await screenshot(page, 'register-invalid');
    expect([...logins, ...registers]).toEqual([]);
  });

  it("shows the server's reason for a refused login and stays", async () => {
    const page = await journey.page();
    await page.goto(url('/login'));
    await accountFormReady(page);
    await field(page, ACCOUNT_TEXT.userName).fill('nobody_here');
    await field(page, ACCOUNT_TEXT.password).fill('wrong-password');
    await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    await toast(page, SERVER_MSG.loginFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await storedTokens(page)).access).toBeUndefined();
    expectRefusedCalls(400);
  });

  it('refuses a taken user name with the server text', async () => {
    const page = await journey.page();
    const userName = newUserName();
    await apiOk(journey.server, 'POST', API.register, {
      userName,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      email: `${userName}@example.com`,
    });
    await page.goto(url('/register'));
    await accountFormReady(page);
    await fillRegisterForm(page, userName);
    await page.getByRole('button', { name: ACCOUNT_TEXT.register }).tap();
    await toast(page, SERVER_MSG.userNameTaken).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expectRefusedCalls(400);
  });
});

describe('tokens (docs/product.md §8)', () => {
  it('renews an expired access token with the refresh token: /login finds the user logged in', async () => {
    const page = await journey.page();
    const tokens = await registerMember(journey.server);
    await seedSession(page.context(), journey.server.baseUrl, {
      ...tokens,
      accessToken: 'expired.or.garbage',
    });
    const refreshes = countCalls(page, API.token);

    await page.goto(url('/login'));
    await toast(page, MSG.alreadyLoggedIn).waitFor();
    await page.waitForURL(url('/user'));
    expect(refreshes).toEqual(['GET']);
    const renewed = await storedTokens(page);
    expect(renewed.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Rotated: the old refresh token is spent.
    expect(renewed.refresh).toBeTruthy();
    expect(renewed.refresh).not.toBe(tokens.refreshToken);
    expectRefusedCalls(401);
  });

  it('lets a visitor whose login ended keep browsing: a public call goes again without a token', async () => {
    const page = await journey.page();
    const [work] = (
      await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
        modName: 'censored',
        pageNum: 1,
        pageSize: 1,
        sort: 'pubTime',
        date: ALL_TIME,
      })
    ).rows;
    await seedSession(page.context(), journey.server.baseUrl, {
      accessToken: 'expired.or.garbage',
      refreshToken: 'revoked',
    });

    await page.goto(url(`/censored/${work!.id}`));
    await page.getByText(work!.title).first().waitFor();
    await expect.poll(async () => (await storedTokens(page)).refresh).toBeUndefined();
    expect((await storedTokens(page)).access).toBeUndefined();
    // No toast and no login dialog: the visitor simply sees the work.
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    expect(await page.getByText(MSG.loginDialogTitle).count()).toBe(0);
    expectRefusedCalls(401);
  });
});

describe('with captchas on', () => {
  const guarded = useServer({ captchaEnabled: true });

  /** The answer of the captcha the page shows (the test reads the server's table). */
  async function answerOf(uuid: string): Promise<string> {
    const row = await guarded.server.database.db
      .selectFrom('captchas')
      .select('answer')
      .where('id', '=', uuid)
      .executeTakeFirstOrThrow();
    return row.answer;
  }

  /** Runs `action` and answers the uuid of the captcha it made the page load. */
  async function nextCaptcha(page: Page, action: () => Promise<unknown>): Promise<string> {
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `${API_BASE}${API.captcha}`),
      action(),
    ]);
    const body = (await response.json()) as { uuid: string; img: string };
    // Answered is not yet shown: wait for the page to show this captcha's image.
    await expect
      .poll(() => page.getByRole('img', { name: ACCOUNT_TEXT.captchaAlt }).getAttribute('src'))
      .toBe(body.img);
    return body.uuid;
  }

  it('registers and logs in with the captcha, which changes on a tap and after a failure', async () => {
    const page = await journey.page();
    const userName = newUserName();
    let uuid = await nextCaptcha(page, () => page.goto(guarded.url('/register')));
    await screenshot(page, 'register-captcha');
    await fillRegisterForm(page, userName);
    await field(page, ACCOUNT_TEXT.captcha).fill(await answerOf(uuid));
    // The login page loads a captcha of its own: the refresh below must not race it.
    await nextCaptcha(page, async () => {
      await page.getByRole('button', { name: ACCOUNT_TEXT.register }).tap();
      await page.waitForURL(guarded.url('/login'));
    });

    const image = page.getByRole('img', { name: ACCOUNT_TEXT.captchaAlt });
    const first = await image.getAttribute('src');
    await nextCaptcha(page, () => page.getByRole('button', { name: ACCOUNT_TEXT.captchaRefresh }).tap());
    await expect.poll(() => image.getAttribute('src')).not.toBe(first);
    await toast(page, MSG.registerSuccess).waitFor({ state: 'hidden' });
    await screenshot(page, 'login-captcha');

    // Short answers are caught before sending; a wrong one is the server's to refuse.
    await field(page, ACCOUNT_TEXT.password).fill(PASSWORD);
    await field(page, ACCOUNT_TEXT.captcha).fill('zz');
    await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    await page.getByText(MSG.captchaTooShort).waitFor();
    await field(page, ACCOUNT_TEXT.captcha).fill('zzzz');
    uuid = await nextCaptcha(page, () => page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap());
    await toast(page, SERVER_MSG.captchaWrong).waitFor();
    await expect.poll(() => field(page, ACCOUNT_TEXT.captcha).inputValue()).toBe('');

    await field(page, ACCOUNT_TEXT.captcha).fill(await answerOf(uuid));
    await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    await page.waitForURL(guarded.url('/user'));
    expectRefusedCalls(400);
  });
});
