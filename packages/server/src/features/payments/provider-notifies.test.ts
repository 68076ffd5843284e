import { API, PAYMENT_ERROR } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PACKAGES } from '../../../test/orders';
import { createAlipayTestKit, createWechatTestKit } from '../../../test/provider-notifies';
import { insertCaller } from '../../../test/users';
import type { RawNotify } from './payment-provider';
import { createWechatProvider } from './wechat.provider';

/*
 * Alipay and WeChat Pay end to end through the app: orders submitted to them, and their notifies
 * (signed with test keys made here) posted to /prod-api/pay/notify/{provider} as raw bodies.
 */

const GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';
const alipay = createAlipayTestKit({ gateway: GATEWAY });
const wechat = createWechatTestKit();
const CODE_URL = 'weixin://wxpay/bizpayurl?pr=TestCode01';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

/** api.mch.weixin.qq.com, answering every order call with a signed Native code_url. */
const fakeWechatFetch: typeof fetch = async () => {
  const text = JSON.stringify({ code_url: CODE_URL });
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'application/json', ...wechat.platformHeaders(text) },
  });
};

let t: TestApp;
beforeAll(async () => {
  const payments = {
    publicUrl: 'https://yingku.test',
    sandbox: false,
    sandboxKey: 'test-sandbox-pay-key-0123456789abcdef',
    alipay: alipay.settings,
    wechat: wechat.settings,
  };
  t = await createTestApp(
    { payments },
    {
      paymentProviders: {
        wechat: createWechatProvider(wechat.settings, payments.publicUrl, { fetch: fakeWechatFetch }),
      },
    },
  );
});
afterAll(() => t.close());

async function order(channel: 'alipay' | 'weixin', userAgent = DESKTOP) {
  const { user, headers } = await insertCaller(t);
  const body = { groupId: PACKAGES.twoMonths.id, payChannel: channel };
  const res = await t.send('POST', API.submitOrder, body, { ...headers, 'user-agent': userAgent });
  const link = res.json().data as string;
  const row = await t.database.db
    .selectFrom('orders')
    .select(['id', 'provider'])
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { user, link, orderId: row.id, provider: row.provider };
}

const post = (provider: string, notify: RawNotify, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: `/prod-api/pay/notify/${provider}`,
    headers: { ...notify.headers, 'content-type': contentType } as Record<string, string>,
    payload: notify.rawBody,
  });
const postAlipay = (rawBody: string) =>
  post('alipay', { headers: {}, rawBody }, 'application/x-www-form-urlencoded; charset=utf-8');
const postWechat = (notify: RawNotify) => post('wechat', notify, 'application/json');

async function stateOf(orderId: string, userId: string) {
  const db = t.database.db;
  const o = await db
    .selectFrom('orders')
    .select(['status', 'provider_trade_no'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const u = await db
    .selectFrom('users')
    .select(['level_id', 'vip_until'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const events = await db
    .selectFrom('payment_events')
    .select('outcome')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return { ...o, ...u, outcomes: events.map((e) => e.outcome) };
}

const sixtyDaysAhead = (date: Date | null) =>
  expect(Math.abs(date!.getTime() - (Date.now() + 60 * 86_400_000))).toBeLessThan(60_000);

describe('Alipay through the app', () => {
  it('answers the cashier link: page.pay on desktops, wap.pay on phones', async () => {
    const desktop = await order('alipay');
    expect(desktop.provider).toBe('alipay');
    expect(desktop.link.startsWith(`${GATEWAY}?`)).toBe(true);
    expect(new URL(desktop.link).searchParams.get('method')).toBe('alipay.trade.page.pay');
    const phone = await order('alipay', PHONE);
    expect(new URL(phone.link).searchParams.get('method')).toBe('alipay.trade.wap.pay');
  });

  it('pays on TRADE_SUCCESS and grants once, also for TRADE_FINISHED and repeats; replies exactly success', async () => {
    const { user, orderId } = await order('alipay');
    const fields = { out_trade_no: orderId, trade_no: `2026${orderId}` };
    const success = alipay.signedBody(alipay.notifyFields(fields));
    const res = await postAlipay(success);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    const paid = await stateOf(orderId, user.id);
    expect(paid).toMatchObject({
      status: 1,
      provider_trade_no: `2026${orderId}`,
      level_id: 2,
      outcomes: ['paid'],
    });
    sixtyDaysAhead(paid.vip_until);

    const finished = alipay.signedBody(alipay.notifyFields({ ...fields, trade_status: 'TRADE_FINISHED' }));
    for (const body of [finished, success, finished]) expect((await postAlipay(body)).body).toBe('success');
    const after = await stateOf(orderId, user.id);
    expect(after.vip_until).toEqual(paid.vip_until);
    expect(after.outcomes).toEqual(['paid', 'already-paid']);
  });

  it('refuses an altered, mismatched or misdirected notify, changing nothing', async () => {
    const { user, orderId } = await order('alipay');
    const before = await stateOf(orderId, user.id);
    const fields = alipay.notifyFields({ out_trade_no: orderId });
    const altered = new URLSearchParams(alipay.signedBody(fields));
    altered.set('total_amount', '0.01');
    const bodies = [
      altered.toString(),
      alipay.signedBody({ ...fields, total_amount: '44.99' }),
      alipay.signedBody({ ...fields, out_trade_no: '4242424242424242' }),
      alipay.signedBody(fields, alipay.ourKeys.privateKey),
    ];
    for (const body of bodies) {
      const res = await postAlipay(body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('fail');
    }
    const sandboxRoute = await post(
      'sandbox',
      { headers: {}, rawBody: alipay.signedBody(fields) },
      'application/x-www-form-urlencoded',
    );
    // This site runs no sandbox: its notify route is not there at all.
    expect(sandboxRoute.statusCode).toBe(404);
    expect(await stateOf(orderId, user.id)).toEqual(before);
  });
});

describe('WeChat Pay through the app', () => {
  it('answers the Native code_url and pays once for a notify delivered 50 times at once', async () => {
    const { user, orderId, link, provider } = await order('weixin');
    expect(provider).toBe('wechat');
    expect(link).toBe(CODE_URL);
    const tx = wechat.transaction({ out_trade_no: orderId, transaction_id: `4200${orderId}` });
    const notify = wechat.notify({ tx });
    const replies = await Promise.all(Array.from({ length: 50 }, () => postWechat(notify)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const paid = await stateOf(orderId, user.id);
    expect(paid).toMatchObject({
      status: 1,
      provider_trade_no: `4200${orderId}`,
      level_id: 2,
      outcomes: ['paid'],
    });
    sixtyDaysAhead(paid.vip_until);
  });

  it('refuses a stale, tampered, mismatched or foreign notify, changing nothing', async () => {
    const { user, orderId } = await order('weixin');
    const before = await stateOf(orderId, user.id);
    const tx = (changes: Record<string, unknown> = {}) =>
      wechat.transaction({ out_trade_no: orderId, ...changes });
    const notifies = [
      wechat.notify({ tx: tx(), timestamp: Math.floor(Date.now() / 1000) - 301 }),
      wechat.notify({ tx: tx(), flip: 'ciphertext' }),
      wechat.notify({ tx: tx(), flip: 'tag' }),
      wechat.notify({
        tx: tx({ amount: { total: 4400, payer_total: 4400, currency: 'CNY', payer_currency: 'CNY' } }),
      }),
      wechat.notify({ tx: tx({ appid: 'wx0000000000000009' }) }),
      wechat.notify({ tx: tx(), signWith: wechat.merchantKeys.privateKey }),
    ];
    for (const notify of notifies) {
      const res = await postWechat(notify);
      expect(res.statusCode).toBe(400);
    }
    expect(await stateOf(orderId, user.id)).toEqual(before);
  });
});

describe('a provider that cannot be reached', () => {
  it('answers data "error" and keeps no order', async () => {
    const down = createWechatProvider(wechat.settings, 'https://yingku.test', {
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const failing = await createTestApp(
      {
        payments: {
          publicUrl: 'https://yingku.test',
          sandbox: false,
          sandboxKey: 'k'.repeat(32),
          wechat: wechat.settings,
        },
      },
      { paymentProviders: { wechat: down } },
    );
    try {
      const { user, headers } = await insertCaller(failing);
      const res = await failing.send(
        'POST',
        API.submitOrder,
        { groupId: '102', payChannel: 'weixin' },
        headers,
      );
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
});
