import { CHANNEL_LABEL, MSG } from '@yingku/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { launchBrowser, openPage, screenshot, type TestPage } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

// A phone on the LAN opening `npm start` over plain http, by a name that is not localhost (here
// mapped to 127.0.0.1 inside Chromium). A CSP that upgrades requests to https leaves it blank.
const LAN_HOST = 'yingku-lan.test';

let server: TestServer;
let browser: Browser;
let tab: TestPage;
let lanUrl: (path: string) => string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer(),
    launchBrowser([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]),
  ]);
  const { port } = new URL(server.baseUrl);
  lanUrl = (path) => `http://${LAN_HOST}:${port}${path}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(async () => {
  await tab?.close();
  expect(tab?.problems ?? []).toEqual([]);
});

/** A page that records every Content-Security-Policy violation in `window.cspViolations`. */
async function open(): Promise<Page> {
  tab = await openPage(browser);
  await tab.context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return tab.page;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('over plain http on a LAN host name', () => {
  it('shows the styled site, with nothing sent to https and no CSP violation on any screen', async () => {
    const page = await open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await page.goto(lanUrl('/'));
    const enter = page.getByRole('button', { name: MSG.ageGateEnter });
    await enter.waitFor();
    // The stylesheet applied: the gate's button is antd-mobile's filled primary button, not a
    // bare grey browser button.
    const look = await enter.evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, radius: style.borderTopLeftRadius };
    });
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.background).not.toBe('rgb(239, 239, 239)');
    await screenshot(page, 'lan-age-gate');

    await enter.tap();
    await page.waitForURL(lanUrl('/index'));
    const card = page.getByRole('region', { name: CHANNEL_LABEL.censored }).locator('a[href^="/censored/"]');
    await card.first().waitFor();
    await screenshot(page, 'lan-home');
    expect(await violations(page)).toEqual([]);

    // A work's page (zod parses its answer) and the login form (zod checks the fields).
    const href = (await card.first().getAttribute('href'))!;
    await card.first().tap();
    await page.waitForURL(lanUrl(href));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto(lanUrl('/login'));
    await expect.poll(() => page.title()).toBe(`${ACCOUNT_TEXT.loginTitle} - ${UI_TEXT.siteName}`);
    await page.getByLabel(ACCOUNT_TEXT.userName, { exact: true }).fill('abc');
    await page.getByRole('button', { name: ACCOUNT_TEXT.login }).tap();
    await page.getByText(MSG.userNameTooShort).waitFor();
    expect(await violations(page)).toEqual([]);

    expect(requested.filter((url) => url.startsWith('https:'))).toEqual([]);
  });
});
