import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { WechatPlatformKey } from './payment-provider';

/** The environment's WeChat Pay verification settings (config.ts reads them). */
export interface WechatKeyEnv {
  /** One platform certificate or public key (PEM) and its serial: the original pair. */
  WECHAT_PLATFORM_PUBLIC_KEY?: string | undefined;
  WECHAT_PLATFORM_SERIAL?: string | undefined;
  /** The WeChat Pay public key (微信支付公钥) and its id (公钥ID, PUB_KEY_ID_…). */
  WECHAT_PUBLIC_KEY?: string | undefined;
  WECHAT_PUBLIC_KEY_ID?: string | undefined;
  /** A directory of platform certificates, each file named by its serial. */
  WECHAT_PLATFORM_CERTS_DIR?: string | undefined;
}

/** A certificate file: `<serial>.pem`, or `wechatpay_<serial>.pem` as WeChat's downloader names it. */
const CERT_FILE = /^(?:wechatpay_)?([0-9A-Za-z_]+)\.pem$/;

/**
 * Every key WeChat Pay may sign with, by serial, from all three sources at once: during a
 * certificate rotation WeChat signs with the new certificate while the old one is still valid,
 * and a merchant moving to the public key gets notifies signed either way for a while. Throws
 * (naming the setting) on half a pair, an unreadable directory or one serial given twice.
 */
export function wechatPlatformKeys(env: WechatKeyEnv, pem: (value: string) => string): WechatPlatformKey[] {
  const keys: WechatPlatformKey[] = [];
  const pair = (keyName: keyof WechatKeyEnv, serialName: keyof WechatKeyEnv) => {
    const key = env[keyName];
    const serial = env[serialName];
    if (!key && !serial) return;
    if (!key || !serial) throw new Error(`set ${keyName} and ${serialName} together`);
    keys.push({ serial, publicKey: pem(key), source: keyName });
  };
  pair('WECHAT_PLATFORM_PUBLIC_KEY', 'WECHAT_PLATFORM_SERIAL');
  pair('WECHAT_PUBLIC_KEY', 'WECHAT_PUBLIC_KEY_ID');
  if (env.WECHAT_PUBLIC_KEY_ID && !env.WECHAT_PUBLIC_KEY_ID.startsWith('PUB_KEY_ID_')) {
    throw new Error('WECHAT_PUBLIC_KEY_ID is the public key id WeChat Pay shows, PUB_KEY_ID_…');
  }

  const dir = env.WECHAT_PLATFORM_CERTS_DIR;
  if (dir) {
    let files: string[];
    try {
      files = readdirSync(dir).sort();
    } catch {
      throw new Error(`WECHAT_PLATFORM_CERTS_DIR ${dir} cannot be read`);
    }
    for (const file of files) {
      const serial = CERT_FILE.exec(file)?.[1];
      if (!serial) continue;
      const source = path.join(dir, file);
      keys.push({ serial, publicKey: readFileSync(source, 'utf8'), source });
    }
  }

  const seen = new Set<string>();
  for (const { serial, source } of keys) {
    if (seen.has(serial)) throw new Error(`WeChat Pay platform serial ${serial} is given twice (${source})`);
    seen.add(serial);
  }
  return keys;
}
