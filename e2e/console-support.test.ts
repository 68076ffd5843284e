import { MSG, SERVER_MSG } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { SUPPORT_TEXT } from '../packages/web/src/features/support/texts';
import { registerMember } from './support/accounts';
import { DESKTOP, networkQuiet, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { confirmDialog, fillLogin, recordConsoleCalls, registerStaff, toast } from './support/console';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();

const { url } = journey;

const threadRow = (page: Page, text: string) =>
  page.getByTestId('thread-list').locator('button').filter({ hasText: text });
const inboxRow = (page: Page, text: string) =>
  page.getByTestId('inbox-table').locator('tr', { hasText: text });

describe('/admin, the console’s gate', () => {
  it('is code of its own: a visitor’s /index never downloads it', async () => {
    const page = await journey.page();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(url('/index'));
    await page.locator('main a[href^="/censored/"]').first().waitFor();
    await networkQuiet(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => path.includes('admin'))).toEqual([]);

    // Opening the console fetches its chunk then, and only then.
    await page.goto(url('/admin'));
    await page.getByTestId('admin-gate').waitFor();
    expect(scripts.filter((path) => /\/assets\/admin-app-[\w-]+\.js$/.test(path))).toHaveLength(1);
  });

  it('asks a visitor to log in and refuses a member, without any console call', async () => {
    const visitor = await journey.page({ device: DESKTOP });
    const visitorCalls = recordConsoleCalls(visitor);
    await visitor.goto(url('/admin'));
    const gate = visitor.getByTestId('admin-gate');
    await gate.getByText(ADMIN_TEXT.visitorHeading).waitFor();
    expect(await gate.getAttribute('data-viewer')).toBe('visitor');
    await visitor.getByRole('button', { name: ADMIN_TEXT.goLogin }).waitFor();
    expect(visitorCalls).toEqual([]);

    const member = await registerMember(journey.server, 'notstaff');
    const page = await journey.page({ member });
    const calls = recordConsoleCalls(page);
    await page.goto(url('/admin/inbox'));
    await page.getByTestId('admin-gate').getByText(SERVER_MSG.staffOnly).waitFor();
    expect(await page.getByTestId('admin-gate').getAttribute('data-viewer')).toBe('member');
    // The gate knows from getInfo alone: no console call, so no 403 and no login dialog.
    await networkQuiet(page);
    expect(calls).toEqual([]);
    expect(await page.locator('.adm-dialog').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: ADMIN_TEXT.sections }).count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-phone-member-refused');
  });
});

describe('customer service through the console', () => {
  it('a user asks; staff log in and reply; the user reads 1 new reply and closes the topic', async () => {
    const member = await registerMember(journey.server, 'asker');
    const staff = await registerStaff(journey.server);
    const question = `开通VIP后还是不能在线播放 ${Date.now()}`;
    const answer = '已为您刷新会员状态，请重新登录后再试';

    // The user asks at /message, on the phone.
    const user = await journey.page({ member });
    await user.goto(url('/message'));
    const form = user.getByTestId('question-form');
    await form.getByRole('textbox').fill(question);
    await form.getByRole('button', { name: SUPPORT_TEXT.submit }).tap();
    await toast(user, MSG.submitted).waitFor();
    await threadRow(user, question).getByText(SUPPORT_TEXT.statusAwaiting).waitFor();

    // Staff open the console, are sent to log in, and come back to it.
    const desk = await journey.page({ device: DESKTOP });
    const calls = recordConsoleCalls(desk);
    await desk.goto(url('/admin'));
    await desk.getByRole('button', { name: ADMIN_TEXT.goLogin }).click();
    await desk.waitForURL(url('/login'));
    expect(calls).toEqual([]);
    await fillLogin(desk, staff);
    await desk.waitForURL(url('/admin/inbox'));
    await desk.getByTestId('admin-user').getByText(staff.userName).waitFor();

    // The inbox: threads awaiting a reply first; ours is one of them.
    const row = inboxRow(desk, question);
    await row.getByText(ADMIN_TEXT.statusAwaiting).waitFor();
    await row.getByText(member.userName).waitFor();
    const firstStatus = desk.getByTestId('inbox-table').locator('tbody tr').first().getByTestId('status-tag');
    expect(await firstStatus.innerText()).toBe(ADMIN_TEXT.statusAwaiting);

    await row.click();
    await desk.waitForURL(/\/admin\/inbox\/\d{1,19}$/);
    const panel = desk.getByTestId('staff-conversation');
    await panel.locator('[data-entry="user"]').getByText(question).waitFor();
    // Reading it in the console leaves the user's thread as it was.
    expect(await panel.locator('[data-entry="staff"]').count()).toBe(0);

    // An empty reply is refused here; a real one is sent.
    const reply = panel.getByTestId('staff-reply');
    await reply.getByRole('button', { name: ADMIN_TEXT.reply }).click();
    await toast(desk, MSG.followUpEmpty).waitFor();
    await reply.getByRole('textbox').fill(answer);
    await reply.getByRole('button', { name: ADMIN_TEXT.reply }).click();
    await panel.locator('[data-entry="staff"]').getByText(answer).waitFor();
    await panel.getByTestId('status-tag').getByText(ADMIN_TEXT.statusReplied).waitFor();
    await row.getByText(ADMIN_TEXT.statusReplied).waitFor();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      expect.stringMatching(/^POST \/prod-api\/v2\/admin\/messages\/\d+\/reply$/),
    ]);
    expect(await overflowsHorizontally(desk)).toBe(false);
    await animationsDone(desk);
    await screenshot(desk, 'console-desktop-inbox-replied');

    // The user sees the thread with 1 new reply, reads it and closes the topic.
    await user.reload();
    const replied = threadRow(user, question);
    await replied.getByText(SUPPORT_TEXT.statusReplied).waitFor();
    expect(await replied.getAttribute('data-highlighted')).toBe('true');
    await replied.tap();
    const sheet = user.locator('.adm-popup-body').getByTestId('conversation');
    await sheet.locator('[data-entry="staff"]').getByText(answer).waitFor();
    await sheet.locator('[data-entry="user"]').getByText(question).waitFor();
    await animationsDone(user);
    await screenshot(user, 'console-journey-phone-user-reply');
    await sheet.getByRole('button', { name: SUPPORT_TEXT.closeTopic }).tap();
    await user.locator('.adm-dialog').getByRole('button', { name: SUPPORT_TEXT.confirm }).tap();
    await toast(user, MSG.topicClosed).waitFor();
    await sheet.getByTestId('closed-note').waitFor();

    // The console shows it closed, with no reply box.
    await desk.reload();
    await panel.getByTestId('status-tag').getByText(ADMIN_TEXT.statusClosed).waitFor();
    await panel.getByTestId('closed-note').waitFor();
    expect(await panel.getByTestId('staff-reply').count()).toBe(0);
  });

  it('lets staff close a thread, and works as tabs on a phone', async () => {
    const member = await registerMember(journey.server, 'phoneask');
    const staff = await registerStaff(journey.server, 'phonestaff');
    const question = `手机上怎么切换无码频道 ${Date.now()}`;
    const user = await journey.page({ member });
    await user.goto(url('/message'));
    await user.getByTestId('question-form').getByRole('textbox').fill(question);
    await user.getByTestId('question-form').getByRole('button', { name: SUPPORT_TEXT.submit }).tap();
    await toast(user, MSG.submitted).waitFor();

    const phone = await journey.page({ member: staff });
    await phone.goto(url('/admin/inbox'));
    await inboxRow(phone, question).waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    await screenshot(phone, 'console-phone-inbox');

    await inboxRow(phone, question).tap();
    const panel = phone.getByTestId('staff-conversation');
    await panel.getByText(question).waitFor();
    // On a phone the thread replaces the list.
    expect(await phone.getByTestId('inbox').isVisible()).toBe(false);
    expect(await overflowsHorizontally(phone)).toBe(false);
    await screenshot(phone, 'console-phone-thread');

    await panel.getByRole('button', { name: ADMIN_TEXT.closeTopic }).tap();
    await confirmDialog(phone, ADMIN_TEXT.closeConfirmButton);
    await toast(phone, MSG.topicClosed).waitFor();
    await panel.getByTestId('closed-note').waitFor();

    await user.reload();
    await threadRow(user, question).getByText(SUPPORT_TEXT.statusClosed).waitFor();
  });
});
