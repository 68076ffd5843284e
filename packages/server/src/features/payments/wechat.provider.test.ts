import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createWechatTestKit,
  WECHAT_CERTIFICATE_SERIAL,
  WECHAT_PUBLIC_KEY_ID,
  type WechatNotifyOptions,
} from '../../../test/provider-notifies';
import type { PaymentRequest } from './payment-provider';
import { createWechatProvider } from './wechat.provider';

const PUBLIC_URL = 'https://yingku.test';
const BASE_URL = 'https://wechatpay.test';
const NOW_MS = 1_795_000_000_000;
const NOW_S = NOW_MS / 1000;

const kit = createWechatTestKit({ now: () => NOW_MS, baseUrl: BASE_URL });
const { settings, merchantKeys, certificateKeys, platformHeaders, transaction } = kit;
const strangerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

const provider = createWechatProvider(settings, PUBLIC_URL, { now: () => NOW_MS });
const verify = (options?: WechatNotifyOptions) => provider.verifyNotify(kit.notify(options));

describe('wechat notify verification', () => {
  it('accepts a notify signed by the platform and decrypts it', async () => {
    expect(await verify({ id: 'EV-2026112200000000001' })).toEqual({
      provider: 'wechat',
      eventId: 'EV-2026112200000000001',
      orderId: '1860000000000000001',
      tradeNo: '4200000000202611220000000001',
      amountCents: 4500,
      paid: true,
      appId: settings.appId,
    });
  });

  it('reads headers whatever the case of their names', async () => {
    const notify = kit.notify();
    const upper = Object.fromEntries(
      Object.entries(notify.headers).map(([k, v]) => [k.replace(/(^|-)\w/g, (c) => c.toUpperCase()), v]),
    );
    expect(await provider.verifyNotify({ headers: upper, rawBody: notify.rawBody })).not.toBeNull();
  });

  it('keeps a 300 s old notify and refuses a 301 s old or far-future one', async () => {
    expect(await verify({ timestamp: NOW_S - 300 })).not.toBeNull();
    expect(await verify({ timestamp: NOW_S - 301 })).toBeNull();
    expect(await verify({ timestamp: NOW_S + 301 })).toBeNull();
  });

  it('accepts notifies signed by any configured key, each under its own serial', async () => {
    // WeChat Pay's public key (PUB_KEY_ID_…) and a platform certificate, both live: a rotation
    // or the move to the public key signs some notifies with one and some with the other.
    expect(await verify({ serial: WECHAT_PUBLIC_KEY_ID })).not.toBeNull();
    expect(
      await verify({ serial: WECHAT_CERTIFICATE_SERIAL, signWith: certificateKeys.privateKey }),
    ).not.toBeNull();
    // A key is only good under its own serial.
    expect(await verify({ serial: WECHAT_PUBLIC_KEY_ID, signWith: certificateKeys.privateKey })).toBeNull();
    expect(await verify({ serial: WECHAT_CERTIFICATE_SERIAL })).toBeNull();
  });

  it('refuses a serial it holds no key for, and says so once per notify', async () => {
    const unknown: string[] = [];
    const told = createWechatProvider(settings, PUBLIC_URL, {
      now: () => NOW_MS,
      onUnknownSerial: (serial) => unknown.push(serial),
    });
    expect(await told.verifyNotify(kit.notify({ serial: 'PUB_KEY_ID_0000000000000002' }))).toBeNull();
    expect(unknown).toEqual(['PUB_KEY_ID_0000000000000002']);
    expect(await told.verifyNotify(kit.notify())).not.toBeNull();
    expect(unknown).toHaveLength(1);
  });

  it('refuses a wrong serial, a stranger’s signature, or a signature over another body', async () => {
    expect(await verify({ serial: 'PUB_KEY_ID_0000000000000002' })).toBeNull();
    expect(await verify({ signWith: strangerKeys.privateKey })).toBeNull();
    const otherBody = (body: string) => body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.X');
    expect(await verify({ signedBody: otherBody })).toBeNull();
  });

  it('refuses a tampered ciphertext, a tampered tag and the wrong associated data', async () => {
    expect(await verify({ flip: 'ciphertext' })).toBeNull();
    expect(await verify({ flip: 'tag' })).toBeNull();
    expect(await verify({ sentAad: 'certificate' })).toBeNull();
    expect(await verify({ encryptAad: 'certificate' })).toBeNull();
  });

  it.each([
    ['merchant', { mchid: '1900000002' }],
    ['app', { appid: 'wx0000000000000002' }],
    ['currency', { amount: { total: 4500, currency: 'USD' } }],
    ['order id shape', { out_trade_no: 'x1' }],
  ])('refuses a genuine notify with another %s', async (_what, change) => {
    expect(await verify({ tx: transaction(change) })).toBeNull();
  });

  it('reads an unpaid state as not paid', async () => {
    const notify = kit.notify({ tx: transaction({ trade_state: 'PAYERROR' }) });
    expect((await provider.verifyNotify(notify))?.paid).toBe(false);
  });

  it('refuses garbage and missing headers without throwing', async () => {
    const valid = kit.notify();
    for (const rawBody of ['', 'garbage', '{}', '{"id":"x","resource":{}}']) {
      const headers = platformHeaders(rawBody);
      expect(await provider.verifyNotify({ headers, rawBody })).toBeNull();
    }
    expect(await provider.verifyNotify({ headers: {}, rawBody: valid.rawBody })).toBeNull();
    const { 'wechatpay-nonce': _nonce, ...noNonce } = valid.headers;
    expect(await provider.verifyNotify({ headers: noNonce, rawBody: valid.rawBody })).toBeNull();
    expect(
      await provider.verifyNotify({
        headers: { ...valid.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' },
        rawBody: valid.rawBody,
      }),
    ).toBeNull();
  });

  it('replies 200 SUCCESS when accepted and 400 FAIL when refused', () => {
    expect(provider.replies.accepted.status).toBe(200);
    expect(JSON.parse(provider.replies.refused.body)).toMatchObject({ code: 'FAIL' });
    expect(provider.replies.refused.status).toBe(400);
  });
});

interface Answer {
  status?: number;
  body: object;
  signWith?: KeyObject;
  serial?: string;
}

/** A fake fetch standing in for api.mch.weixin.qq.com: records requests, answers signed. */
function fakeWechat(answer: () => Answer) {
  const requests: Array<{ url: string; method: string; headers: Headers; body: string }> = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: String(init?.body ?? ''),
    });
    const { status = 200, body, signWith, serial } = answer();
    const text = JSON.stringify(body);
    return new Response(text, {
      status,
      headers: { 'content-type': 'application/json', ...platformHeaders(text, { key: signWith, serial }) },
    });
  };
  return {
    requests,
    provider: createWechatProvider(settings, PUBLIC_URL, { fetch: fakeFetch, now: () => NOW_MS }),
  };
}

/** Checks the Authorization header the way WeChat does, with the merchant public key. */
function merchantSignatureValid(request: {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}): boolean {
  const header = request.headers.get('authorization')!;
  expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  expect(fields).toMatchObject({
    mchid: settings.mchId,
    serial_no: settings.serialNo,
    timestamp: String(NOW_S),
  });
  const url = new URL(request.url);
  const message = `${request.method}\n${url.pathname}${url.search}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
  return createVerify('RSA-SHA256')
    .update(message, 'utf8')
    .verify(merchantKeys.publicKey, fields.signature!, 'base64');
}

const order: PaymentRequest = {
  orderId: '1860000000000000001',
  amountCents: 4500,
  subject: '影库VIP-两月卡',
  channel: 'weixin',
  device: 'phone',
  clientIp: '203.0.113.7',
};

describe('wechat payment link', () => {
  it('orders H5 on a phone, signed with the merchant key, and returns the h5_url', async () => {
    const wechat = fakeWechat(() => ({
      body: { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2' },
    }));
    const link = new URL(await wechat.provider.createPayment(order));
    expect(`${link.origin}${link.pathname}`).toBe('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb');
    expect(link.searchParams.get('prepay_id')).toBe('wx1');
    expect(link.searchParams.get('redirect_url')).toBe(`${PUBLIC_URL}/orders`);
    const [request] = wechat.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`${BASE_URL}/v3/pay/transactions/h5`);
    expect(merchantSignatureValid(request!)).toBe(true);
    expect(merchantSignatureValid({ ...request!, body: request!.body.replace('4500', '1') })).toBe(false);
    expect(JSON.parse(request!.body)).toEqual({
      appid: settings.appId,
      mchid: settings.mchId,
      description: '影库VIP-两月卡',
      out_trade_no: order.orderId,
      notify_url: `${PUBLIC_URL}/prod-api/pay/notify/wechat`,
      amount: { total: 4500, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
  });

  it('orders Native on a desktop and returns the code_url', async () => {
    const wechat = fakeWechat(() => ({ body: { code_url: 'weixin://wxpay/bizpayurl?pr=abc' } }));
    expect(await wechat.provider.createPayment({ ...order, device: 'desktop' })).toBe(
      'weixin://wxpay/bizpayurl?pr=abc',
    );
    expect(wechat.requests[0]!.url).toBe(`${BASE_URL}/v3/pay/transactions/native`);
    expect(JSON.parse(wechat.requests[0]!.body).scene_info).toBeUndefined();
    expect(merchantSignatureValid(wechat.requests[0]!)).toBe(true);
  });

  it('keeps the description within 127 bytes without splitting a character', async () => {
    const wechat = fakeWechat(() => ({ body: { code_url: 'weixin://wxpay/bizpayurl?pr=abc' } }));
    await wechat.provider.createPayment({ ...order, device: 'desktop', subject: '影'.repeat(60) });
    expect(JSON.parse(wechat.requests[0]!.body).description).toBe('影'.repeat(42));
  });

  it('rejects an answer with a bad signature, an error status, or no link', async () => {
    const forged = fakeWechat(() => ({
      body: { code_url: 'weixin://wxpay/bizpayurl?pr=evil' },
      signWith: strangerKeys.privateKey,
    }));
    await expect(forged.provider.createPayment({ ...order, device: 'desktop' })).rejects.toThrow(
      /not signed/,
    );
    const refused = fakeWechat(() => ({ status: 400, body: { code: 'PARAM_ERROR', message: '参数错误' } }));
    await expect(refused.provider.createPayment(order)).rejects.toThrow(/HTTP 400 PARAM_ERROR/);
    await expect(refused.provider.createPayment({ ...order, amountCents: 0 })).rejects.toThrow(RangeError);
    expect(refused.requests).toHaveLength(1);
    const empty = fakeWechat(() => ({ body: {} }));
    await expect(empty.provider.createPayment(order)).rejects.toThrow(/no payment link/);
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(
      createWechatProvider(settings, PUBLIC_URL, { fetch: down }).createPayment(order),
    ).rejects.toThrow('fetch failed');
  });
});

describe('wechat order query', () => {
  const path = `/v3/pay/transactions/out-trade-no/${order.orderId}?mchid=${settings.mchId}`;

  it('asks by out_trade_no, signed, and reads a signed answer', async () => {
    const wechat = fakeWechat(() => ({ body: transaction() }));
    expect(await wechat.provider.queryOrder(order.orderId)).toEqual({
      provider: 'wechat',
      eventId: '4200000000202611220000000001:SUCCESS',
      orderId: order.orderId,
      tradeNo: '4200000000202611220000000001',
      amountCents: 4500,
      paid: true,
      appId: settings.appId,
    });
    expect(wechat.requests[0]!.url).toBe(`${BASE_URL}${path}`);
    expect(wechat.requests[0]!.method).toBe('GET');
    expect(merchantSignatureValid(wechat.requests[0]!)).toBe(true);
  });

  it('reads an unpaid order (no transaction id yet) and answers null for an unknown one', async () => {
    const { transaction_id: _none, ...notPaid } = transaction({ trade_state: 'NOTPAY' });
    const unpaid = fakeWechat(() => ({ body: notPaid }));
    expect(await unpaid.provider.queryOrder(order.orderId)).toMatchObject({
      paid: false,
      tradeNo: '',
      eventId: `${order.orderId}:NOTPAY`,
    });
    const unknown = fakeWechat(() => ({
      status: 404,
      body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' },
    }));
    expect(await unknown.provider.queryOrder(order.orderId)).toBeNull();
  });

  it('rejects a forged answer, another merchant’s or order’s transaction, and a paid state with no transaction id', async () => {
    const cases: Answer[] = [
      { body: transaction(), signWith: strangerKeys.privateKey },
      { status: 404, body: { code: 'ORDER_NOT_EXIST' }, signWith: strangerKeys.privateKey },
      { body: transaction({ mchid: '1900000002' }) },
      { body: transaction({ out_trade_no: '1860000000000000002' }) },
      { body: transaction({ transaction_id: undefined }) },
      { status: 500, body: { code: 'SYSTEM_ERROR' } },
    ];
    for (const answer of cases) {
      await expect(fakeWechat(() => answer).provider.queryOrder(order.orderId)).rejects.toThrow();
    }
  });
});

describe('wechat answers and WECHAT_API_BASE', () => {
  it('reads answers signed by either platform key', async () => {
    const byCertificate = fakeWechat(() => ({
      body: transaction(),
      signWith: certificateKeys.privateKey,
      serial: WECHAT_CERTIFICATE_SERIAL,
    }));
    expect(await byCertificate.provider.queryOrder(order.orderId)).toMatchObject({ paid: true });
    const mixedUp = fakeWechat(() => ({ body: transaction(), signWith: certificateKeys.privateKey }));
    await expect(mixedUp.provider.queryOrder(order.orderId)).rejects.toThrow(/not signed/);
  });

  it('calls the API where the settings say, over the network', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      const text = JSON.stringify(transaction());
      response.writeHead(200, { 'content-type': 'application/json', ...platformHeaders(text) });
      response.end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const local = createWechatProvider({ ...settings, baseUrl: `http://127.0.0.1:${port}/` }, PUBLIC_URL, {
        now: () => NOW_MS,
      });
      expect(await local.queryOrder(order.orderId)).toMatchObject({ paid: true, orderId: order.orderId });
      expect(seen).toEqual([
        `GET /v3/pay/transactions/out-trade-no/${order.orderId}?mchid=${settings.mchId}`,
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('wechat settings', () => {
  it('stops on an unreadable key or an APIv3 key that is not 32 bytes', () => {
    expect(() => createWechatProvider({ ...settings, privateKey: 'nope' }, PUBLIC_URL)).toThrow(
      /WECHAT_PRIVATE_KEY/,
    );
    const unreadable = { serial: 'X1', publicKey: 'nope', source: '/etc/wechat/X1.pem' };
    expect(() =>
      createWechatProvider({ ...settings, platformKeys: [...settings.platformKeys, unreadable] }, PUBLIC_URL),
    ).toThrow(/\/etc\/wechat\/X1\.pem/);
    expect(() => createWechatProvider({ ...settings, platformKeys: [] }, PUBLIC_URL)).toThrow(/platform key/);
    expect(() => createWechatProvider({ ...settings, apiV3Key: 'short' }, PUBLIC_URL)).toThrow(
      /WECHAT_API_V3_KEY/,
    );
  });
});
