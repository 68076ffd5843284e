import { API, SANDBOX_PAY_TEXT } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PACKAGES, submitOrder } from '../../../test/orders';
import { insertCaller } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The link's path and query, as the browser would request it from this server. */
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

const pay = (path: string, payload = '') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

const userRow = (id: string) =>
  t.database.db
    .selectFrom('users')
    .select(['level_id', 'vip_until'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the sandbox pay page', () => {
  it('shows the order with a plain form and no scripts', async () => {
    const { headers } = await insertCaller(t);
    const { orderId, link } = await submitOrder(t, headers, PACKAGES.twoMonths.id, 'weixin');
    const res = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    for (const text of [
      '两月卡',
      '¥45.00',
      SANDBOX_PAY_TEXT.channels.weixin,
      orderId,
      SANDBOX_PAY_TEXT.pay,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<form method="post" action="\/sandbox-pay\/\d+\?sig=[\w-]+">/);
    expect(html).not.toMatch(/<script|onclick|javascript:/i);
  });

  it("refuses a link without its signature, with another order's, or for an unknown order", async () => {
    const { headers } = await insertCaller(t);
    const mine = await submitOrder(t, headers);
    const other = await submitOrder(t, headers);
    const otherSig = new URL(other.link, 'http://localhost').searchParams.get('sig');
    for (const url of [
      `/sandbox-pay/${mine.orderId}`,
      `/sandbox-pay/${mine.orderId}?sig=${otherSig}`,
      `/sandbox-pay/${mine.orderId}?sig=AAAA`,
      `/sandbox-pay/4242424242424242?sig=${otherSig}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(SANDBOX_PAY_TEXT.invalidLink);
      expect((await pay(url)).statusCode, url).toBe(404);
    }
    const rows = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', mine.orderId)
      .execute();
    expect(rows).toEqual([{ status: 0 }]);
  });

  it('pays through the notify path: order paid, VIP for 60 days, once however often the button is pressed', async () => {
    const { user, headers } = await insertCaller(t);
    const { orderId, link } = await submitOrder(t, headers);
    const res = await pay(pathOf(link));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SANDBOX_PAY_TEXT.paid);
    expect(res.body).toContain('href="/orders"');

    const info = (await t.get(API.userInfo, {}, headers)).json();
    expect(info.level.levelId).toBe(2);
    expect(info.user.vipUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const { vip_until } = await userRow(user.id);
    expect(Math.abs(vip_until!.getTime() - (Date.now() + 60 * 86_400_000))).toBeLessThan(60_000);
    const events = await t.database.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('order_id', '=', orderId)
      .execute();
    expect(events).toEqual([{ outcome: 'paid' }]);

    const again = await pay(pathOf(link), 'anything=1');
    expect(again.body).toContain(SANDBOX_PAY_TEXT.alreadyPaid);
    const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.body).toContain(SANDBOX_PAY_TEXT.alreadyPaid);
    expect(page.body).not.toContain('<form');
    expect((await userRow(user.id)).vip_until).toEqual(vip_until);
  });
});
