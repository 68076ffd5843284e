import { API, fillPath, MSG, type MessageThread, STAFF_API } from '@yingku/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SUPPORT_TEXT } from '../packages/web/src/features/support/texts';
import { apiOk, bearer, registerMember } from './support/accounts';
import { registerStaff } from './support/console';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();

const { url } = journey;
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** antd-mobile's popups, toasts and dialogs slide in (about 300 ms): screenshots wait for them. */
const toast = (page: Page, text: string) => page.locator('.adm-toast-main').getByText(text);
const threadRow = (page: Page, text: string) =>
  page.getByTestId('thread-list').locator('button').filter({ hasText: text });

/** A customer-service account (客服 only), with its second factor set up. */
const staffMember = () => registerStaff(journey.server, 'staff', ['member', 'support']);

describe('/message (docs/product.md §2, §4, §5, §8)', () => {
  it('asks, follows up, gets a reply, reads it and closes the topic', async () => {
    const member = await registerMember(journey.server, 'asker');
    const question = `播放页面打不开 ${Date.now()}`;
    const page = await journey.page({ member });
    await page.goto(url('/message'));
    await page.getByText(SUPPORT_TEXT.listEmpty).waitFor();

    // Empty question: 请填写后提交 and no call.
    const creates: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(API.messageCreate))
        creates.push(request.url());
    });
    const form = page.getByTestId('question-form');
    await form.getByRole('button', { name: SUPPORT_TEXT.submit }).tap();
    await toast(page, MSG.followUpEmpty).waitFor();
    expect(creates).toEqual([]);

    await form.getByRole('textbox').fill(question);
    await form.getByRole('button', { name: SUPPORT_TEXT.submit }).tap();
    await toast(page, MSG.submitted).waitFor();
    await expect.poll(() => form.getByRole('textbox').inputValue()).toBe('');
    await threadRow(page, question).getByText(SUPPORT_TEXT.statusAwaiting).waitFor();
    expect(creates).toHaveLength(1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await animationsDone(page);
    await screenshot(page, 'support-phone-list');

    // Open it: the bottom sheet, no reply yet.
    await threadRow(page, question).tap();
    const sheet = page.locator('.adm-popup-body').getByTestId('conversation');
    await sheet.getByText(MSG.noReplyYet).waitFor();
    await sheet.getByText(question).waitFor();

    // Empty follow-up: 请填写后提交; then a real one.
    const followUp = sheet.getByTestId('follow-up');
    await followUp.getByRole('button', { name: SUPPORT_TEXT.send }).tap();
    await toast(page, MSG.followUpEmpty).waitFor();
    await followUp.getByRole('textbox').fill('补充：换了浏览器也一样');
    await followUp.getByRole('button', { name: SUPPORT_TEXT.send }).tap();
    await sheet.locator('[data-entry="user"]').getByText('补充：换了浏览器也一样').waitFor();
    expect(await sheet.locator('[data-entry="user"]').count()).toBe(2);
    await animationsDone(page);
    await screenshot(page, 'support-phone-conversation');
    await page.locator('.adm-popup-close-icon').tap();

    // Customer service answers through the console's call.
    const threads = await apiOk<{ rows: MessageThread[] }>(
      journey.server,
      'GET',
      API.messageList,
      { pageNum: 1, pageSize: 10 },
      bearer(member.accessToken),
    );
    const thread = threads.rows.find((row) => row.message === question)!;
    const staff = await staffMember();
    await apiOk(
      journey.server,
      'POST',
      fillPath(STAFF_API.reply, { id: thread.id }),
      { message: '请清除缓存后重试' },
      bearer(staff.accessToken),
    );

    await page.reload();
    const replied = threadRow(page, question);
    await replied.getByText(SUPPORT_TEXT.statusReplied).waitFor();
    expect(await replied.getAttribute('data-highlighted')).toBe('true');
    await animationsDone(page);
    await screenshot(page, 'support-phone-new-reply');

    await replied.tap();
    await sheet.locator('[data-entry="staff"]').getByText('请清除缓存后重试').waitFor();
    expect(await sheet.getByTestId('no-reply').count()).toBe(0);
    // Reading it marks the reply seen: the highlight goes.
    await replied.getByText(SUPPORT_TEXT.statusRepliedSeen).waitFor();
    expect(await replied.getAttribute('data-highlighted')).toBeNull();

    // Close, with confirmation.
    await sheet.getByRole('button', { name: SUPPORT_TEXT.closeTopic }).tap();
    await page.locator('.adm-dialog').getByText(SUPPORT_TEXT.closeConfirm).waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: SUPPORT_TEXT.confirm }).tap();
    await toast(page, MSG.topicClosed).waitFor();
    await sheet.getByTestId('closed-note').waitFor();
    expect(await sheet.getByTestId('follow-up').count()).toBe(0);
    await replied.getByText(SUPPORT_TEXT.statusClosed).waitFor();
    await animationsDone(page);
    await screenshot(page, 'support-phone-closed');

    const after = await apiOk<{ rows: MessageThread[] }>(
      journey.server,
      'GET',
      API.messageList,
      { pageNum: 1, pageSize: 10 },
      bearer(member.accessToken),
    );
    expect(after.rows.find((row) => row.id === thread.id)?.status).toBe(9);
  });

  it('shows the conversation as the right-hand panel on a wide screen', async () => {
    const member = await registerMember(journey.server, 'wide');
    await apiOk(
      journey.server,
      'POST',
      API.messageCreate,
      { message: '会员到期时间显示不对' },
      bearer(member.accessToken),
    );
    const page = await journey.page({ member, device: DESKTOP });
    await page.goto(url('/message'));
    await page.getByText(SUPPORT_TEXT.pickThread).waitFor();
    await threadRow(page, '会员到期时间显示不对').click();
    const panel = page.getByTestId('conversation');
    await panel.getByText(MSG.noReplyYet).waitFor();
    expect(await page.locator('.adm-popup-body').count()).toBe(0);
    const list = await page.getByTestId('thread-list').boundingBox();
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThan(list!.x + list!.width);
    await screenshot(page, 'support-desktop');
  });

  it('asks a visitor to log in, without any call', async () => {
    const page = await journey.page();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v2/message')) calls.push(request.url());
    });
    await page.goto(url('/message'));
    await page.getByText(SUPPORT_TEXT.loginToAsk).waitFor();
    await page.getByRole('button', { name: SUPPORT_TEXT.goLogin }).waitFor();
    expect(calls).toEqual([]);
    await screenshot(page, 'support-phone-visitor');
  });
});
