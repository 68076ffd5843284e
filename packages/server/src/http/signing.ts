import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { canonicalParams, LIMITS, SERVER_MSG, SIGN_HEADERS, signedText } from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** Where used nonces are remembered: the database by default, Redis when configured. */
export interface NonceStore {
  /** True when the nonce was unused and is now held until `expiresAt` (ms); false on a replay. */
  claim(nonce: string, expiresAt: number): Promise<boolean>;
}

export interface SigningOptions {
  signSecret: string;
  appId: string;
  nonces: NonceStore;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * Checks the request signature of docs/product.md §7 on every route of the scope it is added to:
 * timestamp within ±300 s, a nonce used once within that window, `X-Sign` over the sorted
 * params and `X-Encrypt` over the timestamp. This slows casual scraping; no security decision
 * rests on it (the secret ships to browsers).
 */
export function addRequestSigning(scope: FastifyInstance, options: SigningOptions): void {
  const now = options.now ?? Date.now;
  scope.addHook('preValidation', async (request) => {
    const timestamp = header(request, SIGN_HEADERS.timestamp);
    const nonce = header(request, SIGN_HEADERS.nonce);
    const sign = header(request, SIGN_HEADERS.sign);
    const encrypt = header(request, SIGN_HEADERS.encrypt);
    if (!timestamp || !nonce || !sign || !encrypt) throw badRequest(SERVER_MSG.signatureMissing);

    if (!/^\d{10,16}$/.test(timestamp) || Math.abs(now() - Number(timestamp)) > LIMITS.signatureWindowMs) {
      throw badRequest(SERVER_MSG.signatureExpired);
    }
    if (
      nonce.length < LIMITS.nonceMinLength ||
      nonce.length > LIMITS.nonceMaxLength ||
      !/^[A-Za-z0-9_-]+$/.test(nonce)
    ) {
      throw badRequest(SERVER_MSG.signatureInvalid);
    }

    const params = request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body;
    // The contract's computeSign and computeEncrypt, natively: its JavaScript hashes took 4 % of
    // a cached request's time (docs/profiles/). sign.test.ts holds the two to the same answers.
    const signed = signedText(
      canonicalParams(isRecord(params) ? params : null),
      options.signSecret,
      timestamp,
      nonce,
    );
    const expectedSign = hash('md5', signed, 'hex');
    const expectedEncrypt = createHmac('sha256', options.appId).update(timestamp).digest('hex');
    if (!sameHex(sign, expectedSign) || !sameHex(encrypt, expectedEncrypt)) {
      throw badRequest(SERVER_MSG.signatureInvalid);
    }

    // Claimed last, so a forged request cannot burn a genuine client's nonce. Held while the
    // timestamp is still acceptable; after that the timestamp check refuses a replay anyway.
    if (!(await options.nonces.claim(nonce, Number(timestamp) + LIMITS.signatureWindowMs))) {
      throw badRequest(SERVER_MSG.signatureReplayed);
    }
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameHex(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
