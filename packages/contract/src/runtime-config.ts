import type { PayChannel } from './schemas/commerce';

/**
 * What the server hands the web app at run time (served as /app-config.js), so one setting
 * serves both: the signing secret and app id of docs/product.md §7, the image host, and what the site's
 * configuration offers (captchas, pay channels).
 */
export interface RuntimeConfig {
  signSecret: string;
  appId: string;
  /** Prefix for relative image paths; absolute URLs are used as they are. */
  imageHost: string;
  captchaEnabled: boolean;
  /** The pay channels that take payments on this site (`alipay`, `weixin`); /pay offers only these. */
  payChannels: PayChannel[];
  /** The local sandbox takes payments without money (a demo or test site): /pay says so. */
  paySandbox: boolean;
}

export const RUNTIME_CONFIG_GLOBAL = '__YINGKU_CONFIG__';
export const RUNTIME_CONFIG_PATH = '/app-config.js';

/** Joins a relative image path to the image host; absolute URLs pass through (docs/product.md §7). */
export function imageUrl(path: string | null | undefined, imageHost: string): string {
  if (!path) return '';
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  return `${imageHost.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
