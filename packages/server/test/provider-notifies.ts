import { createCipheriv, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { AlipaySettings, RawNotify, WechatSettings } from '../src/features/payments/payment-provider';

/*
 * Test stand-ins for Alipay and WeChat Pay: fresh RSA keys made at test time (never real ones),
 * provider settings that trust them, and notifies built and signed the way each provider does.
 */

const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = (key: KeyObject) => key.export({ format: 'pem', type: 'pkcs8' }).toString();
const publicPem = (key: KeyObject) => key.export({ format: 'pem', type: 'spki' }).toString();

/**
 * Alipay's notify signing: every field but sign and sign_type, sorted, k=v joined with &, RSA2
 * (what Alipay's own SDKs check a notify against, decoded values as sent).
 */
export function alipaySign(params: Record<string, string>, key: KeyObject): string {
  const content = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

/** A test Alipay: its key pair, ours, settings that trust them, and signed notify bodies. */
export function createAlipayTestKit(overrides: Partial<AlipaySettings> = {}) {
  const alipayKeys = rsaPair();
  const ourKeys = rsaPair();
  const settings: AlipaySettings = {
    appId: '2021000000000001',
    privateKey: privatePem(ourKeys.privateKey),
    alipayPublicKey: publicPem(alipayKeys.publicKey),
    sellerId: '2088000000000001',
    gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    ...overrides,
  };

  /** The fields of a TRADE_SUCCESS notify for a 45.00 order; `changes` replace fields before signing. */
  function notifyFields(changes: Record<string, string> = {}): Record<string, string> {
    return {
      gmt_create: '2026-11-22 16:00:00',
      charset: 'utf-8',
      notify_time: '2026-11-22 16:00:05',
      notify_type: 'trade_status_sync',
      notify_id: `n${randomBytes(12).toString('hex')}`,
      app_id: settings.appId,
      seller_id: settings.sellerId ?? '2088000000000001',
      out_trade_no: '1860000000000000001',
      trade_no: '2026112222001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '45.00',
      // A "%" in a value: checked as sent, it must not be URL-decoded a second time.
      subject: '影库VIP-两月卡 100% 正品',
      version: '1.0',
      ...changes,
    };
  }

  /** The form body Alipay posts: the fields plus sign_type and sign (by Alipay's key unless given). */
  function signedBody(fields: Record<string, string>, key: KeyObject = alipayKeys.privateKey): string {
    const params = { ...fields, sign_type: 'RSA2' };
    return new URLSearchParams({ ...params, sign: alipaySign(params, key) }).toString();
  }

  return { settings, alipayKeys, ourKeys, notifyFields, signedBody };
}

/** Options for a WeChat notify; by default a valid, signed, encrypted SUCCESS for a 45.00 order. */
export interface WechatNotifyOptions {
  /** The decrypted transaction (see `transaction`). */
  tx?: object;
  /** Notify id (the event id); random by default. */
  id?: string;
  /** Seconds since the epoch in Wechatpay-Timestamp; now by default. */
  timestamp?: number;
  serial?: string;
  signWith?: KeyObject;
  /** Flips one bit after encryption: in the amount's digits ("total":4500 → 4400), or in the tag. */
  flip?: 'ciphertext' | 'tag';
  /** Associated data used to encrypt, and the one the notify states. */
  encryptAad?: string;
  sentAad?: string;
  /** Signs something other than the body sent. */
  signedBody?: (body: string) => string;
}

/** The test WeChat Pay public key's id, and its platform certificate's serial. */
export const WECHAT_PUBLIC_KEY_ID = 'PUB_KEY_ID_0000000000000001';
export const WECHAT_CERTIFICATE_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

/** A test WeChat Pay: merchant and platform keys, an APIv3 key, settings, signed encrypted notifies. */
export function createWechatTestKit(options: { now?: () => number; baseUrl?: string } = {}) {
  const now = options.now ?? Date.now;
  const merchantKeys = rsaPair();
  const platformKeys = rsaPair();
  /** A second key WeChat signs with: a platform certificate's, under the certificate's serial. */
  const certificateKeys = rsaPair();
  const apiV3Key = randomBytes(16).toString('hex'); // 32 characters, as WeChat issues them
  const settings: WechatSettings = {
    appId: 'wx0000000000000001',
    mchId: '1900000001',
    apiV3Key,
    privateKey: privatePem(merchantKeys.privateKey),
    serialNo: 'MERCHANTSERIAL0001',
    platformKeys: [
      {
        serial: WECHAT_PUBLIC_KEY_ID,
        publicKey: publicPem(platformKeys.publicKey),
        source: 'WECHAT_PUBLIC_KEY',
      },
      {
        serial: WECHAT_CERTIFICATE_SERIAL,
        publicKey: publicPem(certificateKeys.publicKey),
        source: 'WECHAT_PLATFORM_PUBLIC_KEY',
      },
    ],
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
  };

  /** Wechatpay-* headers (lower-cased, as Fastify hands them over) signing `body`. */
  function platformHeaders(
    body: string,
    sign: { timestamp?: number; serial?: string; key?: KeyObject } = {},
  ) {
    const timestamp = String(sign.timestamp ?? Math.floor(now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(sign.key ?? platformKeys.privateKey, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': sign.serial ?? WECHAT_PUBLIC_KEY_ID,
    };
  }

  /** A paid transaction as WeChat describes it; `changes` replace top-level fields. */
  const transaction = (changes: Record<string, unknown> = {}) => ({
    appid: settings.appId,
    mchid: settings.mchId,
    out_trade_no: '1860000000000000001',
    transaction_id: '4200000000202611220000000001',
    trade_type: 'MWEB',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: '2026-11-22T16:00:05+08:00',
    payer: { openid: 'o000000000000000000000000001' },
    amount: { total: 4500, payer_total: 4500, currency: 'CNY', payer_currency: 'CNY' },
    ...changes,
  });

  /** A notify the way WeChat Pay builds one: AES-256-GCM-encrypted resource, RSA-signed body. */
  function notify(build: WechatNotifyOptions = {}): RawNotify {
    const nonce = randomBytes(6).toString('hex'); // 12 characters
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(build.encryptAad ?? 'transaction', 'utf8'));
    const plain = Buffer.from(JSON.stringify(build.tx ?? transaction()), 'utf8');
    const encrypted = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    // GCM is a stream cipher: flipping a ciphertext bit flips that plaintext bit, so "5" becomes
    // "4" and the JSON stays valid — only the tag can tell.
    if (build.flip === 'ciphertext') flipBit(encrypted, plain.indexOf('"total":4500') + 9);
    if (build.flip === 'tag') flipBit(encrypted, encrypted.length - 1);
    const rawBody = JSON.stringify({
      id: build.id ?? `EV-${randomBytes(8).toString('hex')}`,
      create_time: '2026-11-22T16:00:06+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: build.sentAad ?? 'transaction',
        nonce,
      },
    });
    const signed = build.signedBody ? build.signedBody(rawBody) : rawBody;
    const { timestamp, serial, signWith: key } = build;
    return { headers: platformHeaders(signed, { timestamp, serial, key }), rawBody };
  }

  return { settings, merchantKeys, platformKeys, certificateKeys, platformHeaders, transaction, notify };
}

function flipBit(buffer: Buffer, index: number) {
  buffer[index] = buffer[index]! ^ 0x01;
}
