import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { NOTIFY_WINDOW_SECONDS } from './payment-provider';

/** The four headers WeChat Pay signs its notifies and answers with (names lower-cased). */
export interface WechatSignatureHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

/** Reads the Wechatpay-* headers from any header source, whatever the case of their names. */
export function wechatSignatureHeaders(get: (name: string) => string | undefined): WechatSignatureHeaders {
  return {
    timestamp: get('wechatpay-timestamp'),
    nonce: get('wechatpay-nonce'),
    signature: get('wechatpay-signature'),
    serial: get('wechatpay-serial'),
  };
}

/**
 * The Authorization header of an API v3 request: our merchant key signs
 * `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` (BODY empty for GET).
 */
export function wechatAuthorization(input: {
  method: 'GET' | 'POST';
  pathAndQuery: string;
  body: string;
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  nowSeconds: number;
}): string {
  const timestamp = String(input.nowSeconds);
  const nonce = randomBytes(16).toString('hex');
  const message = `${input.method}\n${input.pathAndQuery}\n${timestamp}\n${nonce}\n${input.body}\n`;
  const signature = createSign('RSA-SHA256').update(message, 'utf8').sign(input.privateKey, 'base64');
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchId}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`
  );
}

/**
 * True when the platform key the serial names signed `timestamp\nnonce\nbody\n`, and the
 * timestamp is within NOTIFY_WINDOW_SECONDS of now (either way), so a captured message cannot be
 * replayed later. A serial we hold no key for fails (a key of another serial is never tried).
 * WeChat's periodic probes (signatures starting WECHATPAY/SIGNTEST/) fail here on purpose.
 */
export function wechatSignatureValid(
  headers: WechatSignatureHeaders,
  body: string,
  platformKeys: ReadonlyMap<string, KeyObject>,
  nowSeconds: number,
): boolean {
  const { timestamp, nonce, signature, serial } = headers;
  const key = serial === undefined ? undefined : platformKeys.get(serial);
  if (!timestamp || !nonce || !signature || !key) return false;
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > NOTIFY_WINDOW_SECONDS) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The encrypted `resource` of a notify (AEAD_AES_256_GCM under the APIv3 key). */
export interface WechatResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

const GCM_TAG_BYTES = 16;

/**
 * Decrypts a notify resource, or null. The last 16 bytes of the ciphertext are the GCM tag, and
 * setAuthTag + final() is what proves the plaintext came from someone holding the APIv3 key: a
 * GCM decryption that skips the tag returns attacker-chosen bytes for a flipped ciphertext.
 */
export function decryptWechatResource(resource: WechatResource, apiV3Key: Buffer): string | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= GCM_TAG_BYTES || resource.nonce.length === 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'), {
      authTagLength: GCM_TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    // final() throws "Unsupported state or unable to authenticate data" for a failed tag.
    return null;
  }
}
