import { hmac } from '@noble/hashes/hmac.js';
import { md5 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Header names of a signed request (docs/product.md §7). */
export const SIGN_HEADERS = {
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  sign: 'x-sign',
  encrypt: 'x-encrypt',
} as const;

/**
 * The "sorted query" a signature covers: `k=v` pairs joined by `&`, keys in ASCII order, raw
 * (not URL-encoded) values, empty or absent values left out. Arrays are joined with commas;
 * objects are written as JSON. For POST/PUT the JSON body's top-level fields are passed here.
 */
export function canonicalParams(params: Record<string, unknown> | undefined | null): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const key of Object.keys(params).sort()) {
    const text = paramText(params[key]);
    if (text !== '') pairs.push(`${key}=${text}`);
  }
  return pairs.join('&');
}

function paramText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(paramText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What `X-Sign` is the MD5 of: sorted params + secret + timestamp + nonce. */
export function signedText(canonical: string, secret: string, timestamp: string, nonce: string) {
  return canonical + secret + timestamp + nonce;
}

/** Lowercase hex MD5 of {@link signedText} (the server computes it with node:crypto). */
export function computeSign(canonical: string, secret: string, timestamp: string, nonce: string) {
  return bytesToHex(md5(utf8ToBytes(signedText(canonical, secret, timestamp, nonce))));
}

/**
 * Lowercase hex HMAC-SHA256 of the timestamp, keyed with the app id (the server computes it with
 * node:crypto).
 */
export function computeEncrypt(timestamp: string, appId: string) {
  return bytesToHex(hmac(sha256, utf8ToBytes(appId), utf8ToBytes(timestamp)));
}

/** A fresh random nonce: 32 hex characters. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

export interface SignInput {
  /** Query params (GET) or the JSON body's top-level fields (POST/PUT). */
  params?: Record<string, unknown> | null;
  secret: string;
  appId: string;
  /** Milliseconds since the epoch; defaults to now. */
  timestamp?: number;
  nonce?: string;
}

/** The four signing headers for one request. */
export function signRequest(input: SignInput): Record<string, string> {
  const timestamp = String(input.timestamp ?? Date.now());
  const nonce = input.nonce ?? newNonce();
  return {
    [SIGN_HEADERS.timestamp]: timestamp,
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.sign]: computeSign(canonicalParams(input.params), input.secret, timestamp, nonce),
    [SIGN_HEADERS.encrypt]: computeEncrypt(timestamp, input.appId),
  };
}
