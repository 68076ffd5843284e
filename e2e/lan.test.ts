import { CHANNEL_LABEL, MSG } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../packages/web/src/app/texts';
import { ACCOUNT_TEXT } from '../packages/web/src/features/account/texts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';

// A phone on the LAN opening `npm start` over plain http, by a name that is not localhost (here
// mapped to 127.0.0.1 inside Chromium). A CSP that upgrades requests to https leaves it blank.
const LAN_HOST = 'yingku-lan.test';

const journey = useJourney({ browserArgs: [`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`] });
/** The suite's server's address of a site path, by the LAN host name. */
const lanUrl = (path: string) => `http://${LAN_HOST}:${new URL(journey.server.baseUrl).port}${path}`;

/** A page that records every Content-Security-Policy violation in `window.cspViolations`. */
async function open(): Promise<Page> {
  const { page, context } = await journey.open();
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return page;
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
