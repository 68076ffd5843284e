import { formatYuan, parseYuan } from '@yingku/contract';
import type { AlipaySdk } from 'alipay-sdk';
import { z } from 'zod';
import { alipayPrivateKeyPem, alipayPublicKeyPem } from './alipay-keys';
import type { AlipaySettings, PaymentProvider, PaymentRequest, VerifiedPayment } from './payment-provider';

const DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const PAID_STATES: ReadonlySet<string> = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** Our order ids are snowflake decimals; anything else cannot be ours and must not reach SQL. */
const ORDER_ID = /^[1-9]\d{0,19}$/;

const notifySchema = z.object({
  notify_id: z.string().min(1),
  app_id: z.string().min(1),
  out_trade_no: z.string().regex(ORDER_ID),
  trade_no: z.string().min(1),
  total_amount: z.string(),
  trade_status: z.string().min(1),
  seller_id: z.string().optional(),
});

const queryAnswerSchema = z.object({
  out_trade_no: z.string().regex(ORDER_ID),
  trade_no: z.string().min(1),
  total_amount: z.string(),
  trade_status: z.string().min(1),
});

/**
 * Alipay (open platform, RSA2) through alipay-sdk: wap.pay on phones, page.pay on desktops, the
 * async notify verified with Alipay's public key, and alipay.trade.query for getOrderId.
 * Throws at creation when a key cannot be read, so a bad configuration stops the start. The SDK
 * itself loads on first use: a site (or a test) without Alipay never pays for its import.
 */
export function createAlipayProvider(settings: AlipaySettings, publicUrl: string): PaymentProvider {
  const origin = publicUrl.replace(/\/+$/, '');
  const notifyUrl = `${origin}/prod-api/pay/notify/alipay`;
  const returnUrl = `${origin}/orders`;
  const keys = {
    privateKey: alipayPrivateKeyPem(settings.privateKey, 'ALIPAY_PRIVATE_KEY'),
    alipayPublicKey: alipayPublicKeyPem(settings.alipayPublicKey, 'ALIPAY_PUBLIC_KEY'),
  };
  let loaded: Promise<AlipaySdk> | undefined;
  const alipay = () =>
    (loaded ??= import('alipay-sdk').then(
      ({ AlipaySdk }) =>
        new AlipaySdk({
          appId: settings.appId,
          ...keys,
          keyType: 'PKCS8',
          gateway: settings.gateway ?? DEFAULT_GATEWAY,
          signType: 'RSA2',
          // Keep Alipay's own field names so the code reads like Alipay's documentation.
          camelcase: false,
        }),
    ));

  return {
    name: 'alipay',

    async createPayment(request: PaymentRequest): Promise<string> {
      const phone = request.device === 'phone';
      const sdk = await alipay();
      return sdk.pageExecute(phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: request.orderId,
          total_amount: formatYuan(request.amountCents),
          subject: request.subject,
          product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          // Where the phone cashier's "back" goes: the orders page, which can retry or refresh.
          ...(phone ? { quit_url: returnUrl } : {}),
        },
        notifyUrl,
        returnUrl,
        timestamp: beijingTimestamp(Date.now()),
      });
    },

    async verifyNotify({ rawBody }): Promise<VerifiedPayment | null> {
      const params = parseForm(rawBody);
      // RSA (SHA-1) is retired; a notify that asks for it is not from a correctly set-up app.
      if (!params || (params.sign_type !== undefined && params.sign_type !== 'RSA2')) return null;
      const sdk = await alipay();
      let signed: boolean;
      try {
        // V2 checks the values exactly as parsed: URLSearchParams already decoded them once, and
        // the V1 check decodes again (a value holding "%" would then throw or verify wrongly).
        signed = sdk.checkNotifySignV2(params);
      } catch {
        return null;
      }
      if (!signed) return null;
      const notify = notifySchema.safeParse(params);
      if (!notify.success) return null;
      const fields = notify.data;
      // Alipay's key signs for every app on the platform: the notify must also name us.
      if (fields.app_id !== settings.appId) return null;
      if (settings.sellerId && fields.seller_id !== settings.sellerId) return null;
      const amountCents = parseYuan(fields.total_amount);
      if (amountCents === null) return null;
      return {
        provider: 'alipay',
        eventId: fields.notify_id,
        orderId: fields.out_trade_no,
        tradeNo: fields.trade_no,
        amountCents,
        paid: PAID_STATES.has(fields.trade_status),
        appId: fields.app_id,
      };
    },

    async queryOrder(orderId: string): Promise<VerifiedPayment | null> {
      // validateSign: the answer is believed only when Alipay's key signed it.
      const answer = await (
        await alipay()
      ).exec(
        'alipay.trade.query',
        { bizContent: { out_trade_no: orderId }, timestamp: beijingTimestamp(Date.now()) },
        { validateSign: true },
      );
      // The buyer never opened the cashier: Alipay has no trade for this order.
      if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
      if (answer.code !== '10000') {
        throw new Error(`alipay.trade.query failed: ${answer.code} ${answer.sub_code ?? ''}`.trim());
      }
      const trade = queryAnswerSchema.safeParse(answer);
      const amountCents = trade.success ? parseYuan(trade.data.total_amount) : null;
      if (!trade.success || amountCents === null || trade.data.out_trade_no !== orderId) {
        throw new Error('alipay.trade.query answered a trade that does not match the order');
      }
      return {
        provider: 'alipay',
        eventId: `${trade.data.trade_no}:${trade.data.trade_status}`,
        orderId,
        tradeNo: trade.data.trade_no,
        amountCents,
        paid: PAID_STATES.has(trade.data.trade_status),
        // The answer carries no app id; it came signed over our own app's call.
        appId: settings.appId,
      };
    },

    replies: {
      // Alipay reads only the body: exactly `success` stops its retries, anything else asks again.
      accepted: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      refused: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' },
    },
  };
}

/**
 * Parses a form-urlencoded notify. Null when it is empty or names a field twice: a repeated field
 * is never sent by Alipay and would let the signed value and the value read differ.
 */
function parseForm(rawBody: string): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawBody)) {
    if (key === '' || Object.hasOwn(params, key)) return null;
    params[key] = value;
  }
  return Object.keys(params).length > 0 ? params : null;
}

/**
 * The request time as Alipay expects it: Beijing time, "yyyy-MM-dd HH:mm:ss". The SDK would stamp
 * the server's local time, which is wrong on a UTC host.
 */
function beijingTimestamp(nowMs: number): string {
  return new Date(nowMs + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
