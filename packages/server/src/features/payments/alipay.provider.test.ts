import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlipayTestKit } from '../../../test/provider-notifies';
import { createAlipayProvider } from './alipay.provider';
import type { PaymentRequest } from './payment-provider';

const PUBLIC_URL = 'https://yingku.test';
const SANDBOX_GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';

const kit = createAlipayTestKit({ gateway: SANDBOX_GATEWAY });
const { settings, alipayKeys, ourKeys, notifyFields, signedBody } = kit;
const strangerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = (key: KeyObject) => key.export({ format: 'pem', type: 'spki' }).toString();

const provider = createAlipayProvider(settings, PUBLIC_URL);
const verify = (rawBody: string) => provider.verifyNotify({ headers: {}, rawBody });

describe('alipay notify verification', () => {
  it('accepts a notify signed by Alipay and reads it', async () => {
    const fields = notifyFields({ notify_id: 'n2026112200000000000000000001' });
    expect(await verify(signedBody(fields))).toEqual({
      provider: 'alipay',
      eventId: 'n2026112200000000000000000001',
      orderId: '1860000000000000001',
      tradeNo: '2026112222001400000000000001',
      amountCents: 4500,
      paid: true,
      appId: settings.appId,
    });
  });

  it('agrees with the SDK’s own check on how Alipay signs', () => {
    const sdk = new AlipaySdk({
      appId: 'x',
      privateKey: settings.privateKey,
      keyType: 'PKCS8',
      alipayPublicKey: settings.alipayPublicKey,
    });
    const params = Object.fromEntries(new URLSearchParams(signedBody(notifyFields())));
    expect(sdk.checkNotifySignV2(params)).toBe(true);
    expect(sdk.checkNotifySignV2({ ...params, total_amount: '0.01' })).toBe(false);
  });

  it('reads TRADE_FINISHED as paid and WAIT_BUYER_PAY as not', async () => {
    expect((await verify(signedBody(notifyFields({ trade_status: 'TRADE_FINISHED' }))))?.paid).toBe(true);
    expect((await verify(signedBody(notifyFields({ trade_status: 'WAIT_BUYER_PAY' }))))?.paid).toBe(false);
  });

  it.each([
    ['out_trade_no', '1860000000000000002'],
    ['total_amount', '0.01'],
    ['trade_status', 'TRADE_CLOSED'],
    ['trade_no', '2026112222001400000000000002'],
    ['app_id', '2021000000000002'],
    ['notify_id', 'n2026112200000000000000000002'],
    ['seller_id', '2088000000000002'],
  ])('refuses the notify when %s was altered after signing', async (field, value) => {
    const body = new URLSearchParams(signedBody(notifyFields()));
    body.set(field, value);
    expect(await verify(body.toString())).toBeNull();
  });

  it('refuses a field added after signing, and a field given twice', async () => {
    const signed = signedBody(notifyFields());
    expect(await verify(`${signed}&passback_params=extra`)).toBeNull();
    expect(await verify(`${signed}&total_amount=0.01`)).toBeNull();
    expect(await verify(`total_amount=0.01&${signed}`)).toBeNull();
  });

  it('refuses a notify signed by another key', async () => {
    expect(await verify(signedBody(notifyFields(), strangerKeys.privateKey))).toBeNull();
    expect(await verify(signedBody(notifyFields(), ourKeys.privateKey))).toBeNull();
  });

  it('refuses a notify asking for the retired SHA-1 scheme', async () => {
    const params = new URLSearchParams(signedBody(notifyFields()));
    params.set('sign_type', 'RSA');
    expect(await verify(params.toString())).toBeNull();
  });

  it('refuses garbage without throwing', async () => {
    for (const body of ['', 'garbage', '%%%', '{"sign":"x"}', 'sign=&sign_type=RSA2', 'a=1&sign=AAAA']) {
      expect(await verify(body)).toBeNull();
    }
    const unsigned = new URLSearchParams(notifyFields()).toString();
    expect(await verify(unsigned)).toBeNull();
  });

  it('refuses a correctly signed notify for another app or another seller', async () => {
    expect(await verify(signedBody(notifyFields({ app_id: '2021000000000002' })))).toBeNull();
    expect(await verify(signedBody(notifyFields({ seller_id: '2088000000000002' })))).toBeNull();
    const { seller_id: _omitted, ...withoutSeller } = notifyFields();
    expect(await verify(signedBody(withoutSeller))).toBeNull();
  });

  it('accepts any seller when no seller id is configured', async () => {
    const open = createAlipayProvider({ ...settings, sellerId: undefined }, PUBLIC_URL);
    const body = signedBody(notifyFields({ seller_id: '2088000000000002' }));
    expect(await open.verifyNotify({ headers: {}, rawBody: body })).not.toBeNull();
  });

  it('refuses a signed notify whose order id or amount cannot be ours', async () => {
    expect(await verify(signedBody(notifyFields({ out_trade_no: 'abc' })))).toBeNull();
    expect(await verify(signedBody(notifyFields({ total_amount: '45.001' })))).toBeNull();
    expect(await verify(signedBody(notifyFields({ total_amount: '-45.00' })))).toBeNull();
  });

  it('replies exactly success, and fail when refused', () => {
    expect(provider.replies.accepted).toMatchObject({ status: 200, body: 'success' });
    expect(provider.replies.refused.body).toBe('fail');
  });
});

function requestSignatureValid(params: URLSearchParams, key: KeyObject): boolean {
  const content = [...params.keys()]
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}=${params.get(name)}`)
    .join('&');
  return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, params.get('sign')!, 'base64');
}

const order: PaymentRequest = {
  orderId: '1860000000000000001',
  amountCents: 4500,
  subject: '影库VIP-两月卡',
  channel: 'alipay',
  device: 'phone',
  clientIp: '203.0.113.7',
};

describe('alipay payment link', () => {
  it.each([
    ['phone', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
    ['desktop', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
  ] as const)('on a %s uses %s, signed with our key', async (device, method, productCode) => {
    const link = new URL(await provider.createPayment({ ...order, device }));
    expect(`${link.origin}${link.pathname}`).toBe(SANDBOX_GATEWAY);
    const params = link.searchParams;
    expect(params.get('method')).toBe(method);
    expect(params.get('app_id')).toBe(settings.appId);
    expect(params.get('sign_type')).toBe('RSA2');
    expect(params.get('notify_url')).toBe(`${PUBLIC_URL}/prod-api/pay/notify/alipay`);
    expect(params.get('return_url')).toBe(`${PUBLIC_URL}/orders`);
    expect(params.get('timestamp')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.parse(params.get('biz_content')!)).toMatchObject({
      out_trade_no: order.orderId,
      total_amount: '45.00',
      subject: '影库VIP-两月卡',
      product_code: productCode,
    });
    expect(requestSignatureValid(params, ourKeys.publicKey)).toBe(true);
    expect(requestSignatureValid(params, strangerKeys.publicKey)).toBe(false);
    params.set('biz_content', params.get('biz_content')!.replace('45.00', '0.01'));
    expect(requestSignatureValid(params, ourKeys.publicKey)).toBe(false);
  });

  it('reads keys as PEM or bare base64, PKCS#8 or PKCS#1, and stops on an unreadable one', async () => {
    const base64 = (text: string) => text.replace(/-----[^-]+-----|\s/g, '');
    const pkcs1 = ourKeys.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
    for (const privateKey of [pkcs1, base64(pkcs1), base64(settings.privateKey)]) {
      const other = createAlipayProvider(
        { ...settings, privateKey, alipayPublicKey: base64(settings.alipayPublicKey) },
        PUBLIC_URL,
      );
      const link = new URL(await other.createPayment(order));
      expect(requestSignatureValid(link.searchParams, ourKeys.publicKey)).toBe(true);
      expect(await other.verifyNotify({ headers: {}, rawBody: signedBody(notifyFields()) })).not.toBeNull();
    }
    expect(() => createAlipayProvider({ ...settings, privateKey: 'not a key' }, PUBLIC_URL)).toThrow(
      /ALIPAY_PRIVATE_KEY/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() =>
      createAlipayProvider({ ...settings, alipayPublicKey: publicPem(ec.publicKey) }, PUBLIC_URL),
    ).toThrow(/RSA/);
  });
});

/** A local stand-in for Alipay's gateway: checks our signature, answers signed with Alipay's key. */
describe('alipay order query', () => {
  let server: Server;
  let answer: { trade: Record<string, string>; signWith: KeyObject };
  const seen: URLSearchParams[] = [];
  let queryProvider: ReturnType<typeof createAlipayProvider>;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const params = new URL(request.url!, 'http://gateway').searchParams;
        for (const [key, value] of new URLSearchParams(body)) params.set(key, value);
        seen.push(params);
        const inner = JSON.stringify(answer.trade);
        const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(answer.signWith, 'base64');
        response.setHeader('content-type', 'application/json;charset=utf-8');
        response.end(`{"alipay_trade_query_response":${inner},"sign":"${sign}"}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    queryProvider = createAlipayProvider(
      { ...settings, gateway: `http://127.0.0.1:${port}/gateway.do` },
      PUBLIC_URL,
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const paidTrade = {
    code: '10000',
    msg: 'Success',
    out_trade_no: order.orderId,
    trade_no: '2026112222001400000000000001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '45.00',
  };

  it('asks alipay.trade.query with a signed request and reads a signed answer', async () => {
    answer = { trade: paidTrade, signWith: alipayKeys.privateKey };
    expect(await queryProvider.queryOrder(order.orderId)).toEqual({
      provider: 'alipay',
      eventId: '2026112222001400000000000001:TRADE_SUCCESS',
      orderId: order.orderId,
      tradeNo: '2026112222001400000000000001',
      amountCents: 4500,
      paid: true,
      appId: settings.appId,
    });
    const request = seen.at(-1)!;
    expect(request.get('method')).toBe('alipay.trade.query');
    expect(JSON.parse(request.get('biz_content')!)).toEqual({ out_trade_no: order.orderId });
    expect(requestSignatureValid(request, ourKeys.publicKey)).toBe(true);
  });

  it('answers null for a trade Alipay does not know, and an unpaid state as not paid', async () => {
    answer = {
      trade: {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      },
      signWith: alipayKeys.privateKey,
    };
    expect(await queryProvider.queryOrder(order.orderId)).toBeNull();
    answer = { trade: { ...paidTrade, trade_status: 'WAIT_BUYER_PAY' }, signWith: alipayKeys.privateKey };
    expect((await queryProvider.queryOrder(order.orderId))?.paid).toBe(false);
  });

  it('rejects an answer not signed by Alipay, an error, or another order’s trade', async () => {
    answer = { trade: paidTrade, signWith: strangerKeys.privateKey };
    await expect(queryProvider.queryOrder(order.orderId)).rejects.toThrow();
    answer = {
      trade: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' },
      signWith: alipayKeys.privateKey,
    };
    await expect(queryProvider.queryOrder(order.orderId)).rejects.toThrow(/40002/);
    answer = {
      trade: { ...paidTrade, out_trade_no: '1860000000000000002' },
      signWith: alipayKeys.privateKey,
    };
    await expect(queryProvider.queryOrder(order.orderId)).rejects.toThrow(/does not match/);
  });
});
