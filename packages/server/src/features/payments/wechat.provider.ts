import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { PaymentProvider, PaymentRequest, VerifiedPayment, WechatSettings } from './payment-provider';
import {
  decryptWechatResource,
  wechatAuthorization,
  wechatSignatureHeaders,
  wechatSignatureValid,
} from './wechat-signing';

const DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';
const REQUEST_TIMEOUT_MS = 10_000;
/** WeChat caps `description` at 127 bytes (UTF-8). */
const DESCRIPTION_MAX_BYTES = 127;
/** Our order ids are snowflake decimals; anything else cannot be ours and must not reach SQL. */
const ORDER_ID = /^[1-9]\d{0,19}$/;

/** What the provider takes from outside, so tests can run with no network and a fixed clock. */
export interface WechatDeps {
  fetch?: typeof fetch;
  /** Told of a notify or answer signed under a serial we hold no key for (a rotation missed). */
  onUnknownSerial?: (serial: string) => void;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

const notifySchema = z.object({
  id: z.string().min(1),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

/** A transaction as the notify resource and the query answer describe it. */
const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().regex(ORDER_ID),
  transaction_id: z.string().optional(),
  trade_state: z.string().min(1),
  amount: z.object({ total: z.number().int().nonnegative(), currency: z.string().optional() }),
});

/**
 * WeChat Pay API v3 written on node:crypto: H5 on phones, Native (QR code link) on desktops,
 * every request signed with the merchant key and every answer and notify checked against the
 * platform key; notify resources decrypted with AES-256-GCM with the tag verified.
 * Throws at creation when a key cannot be read, so a bad configuration stops the start.
 */
export function createWechatProvider(
  settings: WechatSettings,
  publicUrl: string,
  deps: WechatDeps = {},
): PaymentProvider {
  const origin = publicUrl.replace(/\/+$/, '');
  const notifyUrl = `${origin}/prod-api/pay/notify/wechat`;
  const returnUrl = `${origin}/orders`;
  const baseUrl = (settings.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const doFetch = deps.fetch ?? fetch;
  const nowSeconds = () => Math.floor((deps.now ?? Date.now)() / 1000);
  const merchantKey = readKey(() => createPrivateKey(settings.privateKey), 'WECHAT_PRIVATE_KEY');
  // A platform certificate PEM works here too: createPublicKey takes the key out of it.
  const platform = new Map(
    settings.platformKeys.map((k) => [k.serial, readKey(() => createPublicKey(k.publicKey), k.source)]),
  );
  if (platform.size === 0) throw new Error('WeChat Pay needs at least one platform key');
  const apiV3Key = Buffer.from(settings.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WECHAT_API_V3_KEY must be 32 bytes');

  function noteSerial(serial: string | undefined) {
    if (serial && !platform.has(serial)) deps.onUnknownSerial?.(serial);
  }

  /** One signed API v3 call; resolves with the status and the body once the platform signed it. */
  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload?: object) {
    const body = payload ? JSON.stringify(payload) : '';
    const authorization = wechatAuthorization({
      method,
      pathAndQuery,
      body,
      mchId: settings.mchId,
      serialNo: settings.serialNo,
      privateKey: merchantKey,
      nowSeconds: nowSeconds(),
    });
    const response = await doFetch(`${baseUrl}${pathAndQuery}`, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        'user-agent': 'yingku-server',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const signatureHeaders = wechatSignatureHeaders((name) => response.headers.get(name) ?? undefined);
    noteSerial(signatureHeaders.serial);
    const signed = wechatSignatureValid(signatureHeaders, text, platform, nowSeconds());
    return { status: response.status, signed, json: parseJson(text) };
  }

  /** A failed call as an error that names WeChat's code (e.g. PARAM_ERROR), never our secrets. */
  function failure(what: string, answer: { status: number; json: unknown }): Error {
    const code = (answer.json as { code?: unknown } | null)?.code;
    return new Error(
      `WeChat Pay ${what} failed: HTTP ${answer.status}${typeof code === 'string' ? ` ${code}` : ''}`,
    );
  }

  function readTransaction(value: unknown, eventId: (tradeNo: string, state: string) => string) {
    const parsed = transactionSchema.safeParse(value);
    if (!parsed.success) return null;
    const tx = parsed.data;
    // Signed by WeChat is not enough: it must be our merchant's and app's transaction, in yuan.
    if (tx.mchid !== settings.mchId || tx.appid !== settings.appId) return null;
    if (tx.amount.currency !== undefined && tx.amount.currency !== 'CNY') return null;
    const paid = tx.trade_state === 'SUCCESS';
    // WeChat assigns transaction_id only once the buyer pays; before that there is none.
    const tradeNo = tx.transaction_id ?? '';
    if (paid && tradeNo === '') return null;
    const payment: VerifiedPayment = {
      provider: 'wechat',
      eventId: eventId(tradeNo, tx.trade_state),
      orderId: tx.out_trade_no,
      tradeNo,
      amountCents: tx.amount.total,
      paid,
      appId: tx.appid,
    };
    return payment;
  }

  return {
    name: 'wechat',

    async createPayment(request: PaymentRequest): Promise<string> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`Invalid amount: ${request.amountCents} cents`);
      }
      const phone = request.device === 'phone';
      const answer = await call('POST', phone ? '/v3/pay/transactions/h5' : '/v3/pay/transactions/native', {
        appid: settings.appId,
        mchid: settings.mchId,
        description: truncateUtf8(request.subject, DESCRIPTION_MAX_BYTES),
        out_trade_no: request.orderId,
        notify_url: notifyUrl,
        amount: { total: request.amountCents, currency: 'CNY' },
        ...(phone ? { scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } } } : {}),
      });
      if (answer.status < 200 || answer.status > 299) throw failure('order', answer);
      if (!answer.signed) throw new Error('WeChat Pay order answer is not signed by the platform key');
      const link = (answer.json as { h5_url?: unknown; code_url?: unknown } | null)?.[
        phone ? 'h5_url' : 'code_url'
      ];
      if (typeof link !== 'string' || link === '') {
        throw new Error('WeChat Pay order answer has no payment link');
      }
      if (!phone) return link;
      // After paying in the WeChat app the H5 page returns the buyer to their orders.
      const h5 = new URL(link);
      h5.searchParams.set('redirect_url', returnUrl);
      return h5.toString();
    },

    async verifyNotify({ headers, rawBody }): Promise<VerifiedPayment | null> {
      const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      const signatureHeaders = wechatSignatureHeaders((name) => lower.get(name));
      noteSerial(signatureHeaders.serial);
      if (!wechatSignatureValid(signatureHeaders, rawBody, platform, nowSeconds())) return null;
      const notify = notifySchema.safeParse(parseJson(rawBody));
      if (!notify.success) return null;
      const plain = decryptWechatResource(notify.data.resource, apiV3Key);
      if (plain === null) return null;
      return readTransaction(parseJson(plain), () => notify.data.id);
    },

    async queryOrder(orderId: string): Promise<VerifiedPayment | null> {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}?mchid=${encodeURIComponent(settings.mchId)}`;
      const answer = await call('GET', path);
      const code = (answer.json as { code?: unknown } | null)?.code;
      if (answer.status === 404 && code === 'ORDER_NOT_EXIST' && answer.signed) return null;
      if (answer.status < 200 || answer.status > 299) throw failure('query', answer);
      if (!answer.signed) throw new Error('WeChat Pay query answer is not signed by the platform key');
      const payment = readTransaction(answer.json, (tradeNo, state) => `${tradeNo || orderId}:${state}`);
      if (!payment || payment.orderId !== orderId) {
        throw new Error('WeChat Pay query answered a transaction that does not match the order');
      }
      return payment;
    },

    replies: {
      // WeChat reads the status: 2xx stops its retries; 4xx/5xx with code FAIL asks again later.
      accepted: { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' },
      refused: {
        status: 400,
        contentType: 'application/json',
        body: '{"code":"FAIL","message":"verification failed"}',
      },
    },
  };
}

function readKey(read: () => KeyObject, settingName: string): KeyObject {
  let key: KeyObject;
  try {
    key = read();
  } catch {
    // Never echo the key itself: this message ends up in logs.
    throw new Error(`${settingName} is not a readable PEM key`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`${settingName} must be an RSA key`);
  return key;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Cuts text to at most maxBytes of UTF-8 without splitting a character. */
function truncateUtf8(text: string, maxBytes: number): string {
  let result = '';
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > maxBytes) break;
    result += char;
  }
  return result;
}
