import { isInt64Id } from '@yingku/contract';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentProvider, PaymentRequest, RawNotify, VerifiedPayment } from './payment-provider';

/** The app id sandbox notifies state; checked like a real provider's. */
export const SANDBOX_APP_ID = 'yingku-sandbox';

/** The header carrying a sandbox notify's signature: hex HMAC-SHA256 of the raw body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** A sandbox notify's body (JSON), as the local pay page sends it. */
export interface SandboxNotify {
  eventId: string;
  orderId: string;
  tradeNo: string;
  amountCents: number;
  paid: boolean;
  appId: string;
}

const notifyBody = z.strictObject({
  eventId: z.string().min(1).max(100),
  orderId: z.string().refine(isInt64Id),
  tradeNo: z.string().min(1).max(64),
  amountCents: z.number().int().positive(),
  paid: z.boolean(),
  appId: z.string().min(1).max(64),
});

/** Paid notifies remembered so getOrderId can still settle an order whose notify handling failed. */
const LEDGER_LIMIT = 10_000;

/** The sandbox provider plus what its local pay page needs. */
export interface SandboxProvider extends PaymentProvider {
  /** True when `sig` is the one this sandbox put on the order's payment link. */
  checkLinkSignature(orderId: string, sig: string): boolean;
  /** The notify a payment on the page sends: body and headers, signed with the sandbox key. */
  buildNotify(order: { orderId: string; amountCents: number }): RawNotify;
  /** Signs a notify body (tests use it to forge nothing but well-formed notifies). */
  signBody(rawBody: string): string;
}

/**
 * The local stand-in for Alipay and WeChat Pay: its payment link opens /sandbox-pay/{orderId}
 * (signed, so order ids cannot be enumerated), where a button sends a notify signed with the
 * sandbox key through the same verification and handler as a real provider's.
 *
 * queryOrder knows only the orders whose signed paid notify this process has verified (the page
 * is the only sender; there is no remote ledger to ask): for those it answers paid, for anything
 * else null (unknown). An empty `publicUrl` gives same-origin links (/sandbox-pay/…), as in tests.
 */
export function createSandboxProvider(sandboxKey: string, publicUrl: string): SandboxProvider {
  const hmac = (text: string) => createHmac('sha256', sandboxKey).update(text).digest();
  const linkSignature = (orderId: string) => hmac(`sandbox-pay:${orderId}`).toString('base64url');
  const paidOnPage = new Map<string, VerifiedPayment>();
  const origin = publicUrl.replace(/\/+$/, '');

  const provider: SandboxProvider = {
    name: 'sandbox',

    async createPayment(request: PaymentRequest): Promise<string> {
      return `${origin}/sandbox-pay/${request.orderId}?sig=${linkSignature(request.orderId)}`;
    },

    async verifyNotify({ headers, rawBody }: RawNotify): Promise<VerifiedPayment | null> {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (!given || !sameBytes(Buffer.from(given, 'utf8'), Buffer.from(provider.signBody(rawBody), 'utf8'))) {
        return null;
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const parsed = notifyBody.safeParse(json);
      if (!parsed.success) return null;
      const verified: VerifiedPayment = { provider: 'sandbox', ...parsed.data };
      if (verified.paid) remember(verified);
      return verified;
    },

    async queryOrder(orderId: string): Promise<VerifiedPayment | null> {
      return paidOnPage.get(orderId) ?? null;
    },

    replies: {
      accepted: { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' },
      refused: { status: 400, contentType: 'application/json', body: '{"code":"FAIL"}' },
    },

    checkLinkSignature(orderId: string, sig: string): boolean {
      return sameBytes(Buffer.from(sig, 'utf8'), Buffer.from(linkSignature(orderId), 'utf8'));
    },

    buildNotify({ orderId, amountCents }): RawNotify {
      const body: SandboxNotify = {
        eventId: randomUUID(),
        orderId,
        tradeNo: `SBX${orderId}`,
        amountCents,
        paid: true,
        appId: SANDBOX_APP_ID,
      };
      const rawBody = JSON.stringify(body);
      return {
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: provider.signBody(rawBody),
        },
        rawBody,
      };
    },

    signBody: (rawBody: string) => hmac(rawBody).toString('hex'),
  };

  function remember(payment: VerifiedPayment) {
    if (paidOnPage.size >= LEDGER_LIMIT) {
      const oldest = paidOnPage.keys().next();
      if (!oldest.done) paidOnPage.delete(oldest.value);
    }
    paidOnPage.set(payment.orderId, payment);
  }

  return provider;
}

/** Constant-time comparison; different lengths are simply unequal. */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
