import { API, fillPath, PAYMENT_ERROR, SERVER_MSG } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PACKAGES, submitOrder } from '../../../test/orders';
import { insertCaller } from '../../../test/users';
import type { PaymentProvider } from '../payments/payment-provider';
import { createSandboxProvider } from '../payments/sandbox.provider';
import { deviceOf, UNPAID_ORDER_QUOTA } from './orders.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ordersOf = (userId: string) =>
  t.database.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();

describe('GET /v2/app/vip/list', () => {
  it('lists the packages on sale in shop order, without a login', async () => {
    const res = await t.get(API.vipList, { status: 0, appId: t.config.appId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      total: 2,
      rows: [
        { id: '101', name: '年卡', currentPrice: '198.00', origPrice: '398.00', days: 365 },
        { id: '102', name: '两月卡', currentPrice: '45.00', origPrice: '60.00', days: 60 },
      ],
    });
  });

  it('leaves out a withdrawn package', async () => {
    const db = t.database.db;
    const { id } = await db
      .insertInto('vip_packages')
      .values({ name: '周卡', price_cents: 1000, orig_price_cents: 1000, days: 7, status: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = (await t.get(API.vipList)).json().rows as { id: string }[];
    expect(rows.map((r) => r.id)).not.toContain(id);
    const { headers } = await insertCaller(t);
    const res = await t.send('POST', API.submitOrder, { groupId: id, payChannel: 'alipay' }, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(SERVER_MSG.packageNotFound);
  });
});

describe('POST /v2/orders/submit', () => {
  it('creates an unpaid order with the package as bought and answers the sandbox link', async () => {
    const { user, headers } = await insertCaller(t);
    const { orderId, link } = await submitOrder(t, headers, PACKAGES.annual.id, 'weixin');
    expect(link).toMatch(new RegExp(`^/sandbox-pay/${orderId}\\?sig=[\\w-]{20,}$`));
    expect(orderId.length).toBeGreaterThanOrEqual(16);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      id: orderId,
      status: 0,
      package_name: '年卡',
      days: 365,
      amount_cents: 19800,
      pay_channel: 'weixin',
      provider: 'sandbox',
      provider_trade_no: null,
    });
  });

  it('needs a login and a known package, and refuses bad input with 400', async () => {
    const anonymous = await t.send('POST', API.submitOrder, { groupId: '101', payChannel: 'alipay' });
    expect(anonymous.statusCode).toBe(403);
    const { user, headers } = await insertCaller(t);
    const missing = await t.send('POST', API.submitOrder, { groupId: '999', payChannel: 'alipay' }, headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: SERVER_MSG.packageNotFound });
    for (const body of [
      { groupId: '101', payChannel: 'paypal' },
      { groupId: 'abc', payChannel: 'alipay' },
      { groupId: '-1', payChannel: 'alipay' },
      { payChannel: 'alipay' },
      { groupId: '101' },
    ]) {
      const res = await t.send('POST', API.submitOrder, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(400);
    }
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('answers data "error" and leaves no order when the provider fails', async () => {
    const sandbox = createSandboxProvider(t.config.payments.sandboxKey, '');
    const broken: PaymentProvider = {
      ...sandbox,
      createPayment: () => Promise.reject(new Error('gateway down')),
    };
    const failing = await createTestApp({}, { paymentProviders: { sandbox: broken } });
    try {
      const { user, headers } = await insertCaller(failing);
      const res = await failing.send(
        'POST',
        API.submitOrder,
        { groupId: '102', payChannel: 'alipay' },
        headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 200, data: PAYMENT_ERROR });
      const rows = await failing.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it('places at most 5 unpaid orders in 10 minutes per member, however many are sent at once', async () => {
    const { user, headers } = await insertCaller(t);
    const body = { appId: t.config.appId, groupId: PACKAGES.twoMonths.id, payChannel: 'alipay' };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.send('POST', API.submitOrder, body, headers)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(UNPAID_ORDER_QUOTA.max);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.json()).toEqual({ code: 429, msg: SERVER_MSG.ordersTooFrequent });
    }
    expect(await ordersOf(user.id)).toHaveLength(UNPAID_ORDER_QUOTA.max);

    // Another member is not held up; and once the window has passed this one may order again.
    const other = await insertCaller(t);
    expect((await t.send('POST', API.submitOrder, body, other.headers)).statusCode).toBe(200);
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - (UNPAID_ORDER_QUOTA.minutes + 1) * 60_000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await t.send('POST', API.submitOrder, body, headers)).statusCode).toBe(200);
  });

  it('tells phones from desktops by the user agent', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('phone');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('phone');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120')).toBe('desktop');
    expect(deviceOf(undefined)).toBe('desktop');
  });
});

describe('GET /v2/orders/list', () => {
  it("shows the caller's orders newest first, 20 by default, and nobody else's", async () => {
    const { headers } = await insertCaller(t);
    const other = await insertCaller(t);
    const theirs = await submitOrder(t, other.headers);
    const mine: string[] = [];
    for (let i = 0; i < 22; i += 1) {
      mine.push((await submitOrder(t, headers)).orderId);
      // Each an earlier window (order kept), so the unpaid-order quota does not stop the 22.
      await sql`UPDATE orders SET created_at = created_at - interval '11 minutes'
        WHERE user_id = (SELECT user_id FROM orders WHERE id = ${mine[i]!})`.execute(t.database.db);
    }
    const res = await t.get(API.ordersList, { appId: t.config.appId }, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(22);
    expect(body.rows).toHaveLength(20);
    expect(body.rows.map((r: { orderId: string }) => r.orderId)).toEqual(mine.reverse().slice(0, 20));
    expect(body.rows[0]).toEqual({
      orderId: mine[0],
      payName: '两月卡',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      status: 0,
      amount: '45.00',
      payChannel: 'alipay',
      payTime: null,
    });
    expect(JSON.stringify(body.rows)).not.toContain(theirs.orderId);
    const page2 = (await t.get(API.ordersList, { pageNum: 2 }, headers)).json();
    expect(page2.rows).toHaveLength(2);
  });

  it('needs a login and refuses a bad page', async () => {
    expect((await t.get(API.ordersList)).statusCode).toBe(403);
    const { headers } = await insertCaller(t);
    expect((await t.get(API.ordersList, { pageSize: 0 }, headers)).statusCode).toBe(400);
    expect((await t.get(API.ordersList, { pageNum: 'x' }, headers)).statusCode).toBe(400);
  });
});

describe('GET /v2/orders/getOrderId/{orderId}', () => {
  it("answers an unpaid order's state, and 404 for another user's or an unknown order", async () => {
    const { headers } = await insertCaller(t);
    const other = await insertCaller(t);
    const { orderId } = await submitOrder(t, headers);
    const res = await t.get(fillPath(API.orderState, { orderId }), {}, headers);
    expect(res.json()).toEqual({ code: 200, msg: SERVER_MSG.orderUnpaid, data: { status: 0 } });
    const foreign = await t.get(fillPath(API.orderState, { orderId }), {}, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 404, msg: SERVER_MSG.orderNotFound });
    expect((await t.get(fillPath(API.orderState, { orderId: '123456789' }), {}, headers)).statusCode).toBe(
      404,
    );
    expect((await t.get(fillPath(API.orderState, { orderId: 'abc' }), {}, headers)).statusCode).toBe(400);
    expect((await t.get(fillPath(API.orderState, { orderId }))).statusCode).toBe(403);
  });

  it('answers from what it knows when the provider does not answer in time', async () => {
    const sandbox = createSandboxProvider(t.config.payments.sandboxKey, '');
    let asked = 0;
    const silent: PaymentProvider = {
      ...sandbox,
      queryOrder: () => {
        asked += 1;
        return new Promise(() => {}); // a gateway that never answers
      },
    };
    const waiting = await createTestApp(
      { payments: { ...t.config.payments, providerTimeoutMs: 50 } },
      { paymentProviders: { sandbox: silent } },
    );
    try {
      const { headers } = await insertCaller(waiting);
      const { orderId } = await submitOrder(waiting, headers);
      const res = await waiting.get(fillPath(API.orderState, { orderId }), {}, headers);
      expect(asked).toBe(1);
      expect(res.json()).toEqual({ code: 200, msg: SERVER_MSG.orderUnpaid, data: { status: 0 } });
    } finally {
      await waiting.close();
    }
  });

  it('settles an order its provider reports paid, once, through the notify path', async () => {
    const sandbox = createSandboxProvider(t.config.payments.sandboxKey, '');
    let queries = 0;
    const reportsPaid: PaymentProvider = {
      ...sandbox,
      async queryOrder(orderId) {
        queries += 1;
        const amountCents = PACKAGES.twoMonths.cents;
        return {
          provider: 'sandbox',
          eventId: 'x',
          orderId,
          tradeNo: `SBX${orderId}`,
          amountCents,
          paid: true,
          appId: 'yingku-sandbox',
        };
      },
    };
    const paying = await createTestApp({}, { paymentProviders: { sandbox: reportsPaid } });
    try {
      const { user, headers } = await insertCaller(paying);
      const { orderId } = await submitOrder(paying, headers);
      const path = fillPath(API.orderState, { orderId });
      const first = await paying.get(path, {}, headers);
      expect(first.json()).toEqual({ code: 200, msg: SERVER_MSG.orderPaid, data: { status: 1 } });
      const again = await paying.get(path, {}, headers);
      expect(again.json().msg).toBe(SERVER_MSG.orderPaid);
      expect(queries).toBe(1); // a paid order is not asked about again
      const db = paying.database.db;
      const row = await db
        .selectFrom('users')
        .select(['level_id', 'vip_until'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.level_id).toBe(2);
      expect(Math.abs(row.vip_until!.getTime() - (Date.now() + 60 * 86_400_000))).toBeLessThan(60_000);
      const events = await db
        .selectFrom('payment_events')
        .select(['event_id', 'outcome'])
        .where('order_id', '=', orderId)
        .execute();
      expect(events).toEqual([{ event_id: `query:SBX${orderId}`, outcome: 'paid' }]);
    } finally {
      await paying.close();
    }
  });
});
