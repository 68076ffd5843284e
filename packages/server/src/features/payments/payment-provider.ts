import type { PayChannel } from '@yingku/contract';

/** Who took a payment. `sandbox` is the local stand-in a demo or test site chooses (PAY_SANDBOX). */
export type ProviderName = 'alipay' | 'wechat' | 'sandbox';

/** Where the buyer pays: a phone gets the provider's mobile flow, a desktop its page or QR flow. */
export type PayDevice = 'phone' | 'desktop';

/** What a provider needs to start a payment. */
export interface PaymentRequest {
  /** Our order id (decimal string): the provider's out_trade_no. */
  orderId: string;
  amountCents: number;
  /** Shown by the provider, e.g. 影库VIP-年卡. */
  subject: string;
  channel: PayChannel;
  device: PayDevice;
  clientIp: string;
}

/** A notify (or a query answer) after its signature and origin were verified. */
export interface VerifiedPayment {
  provider: ProviderName;
  /**
   * The provider's id of this event, the idempotency key of payment_events: e.g. Alipay's
   * notify_id, WeChat's notify id; for a query answer the trade number plus state.
   */
  eventId: string;
  orderId: string;
  /** The provider's transaction id (Alipay trade_no, WeChat transaction_id). */
  tradeNo: string;
  amountCents: number;
  /** True when the provider says the money arrived (TRADE_SUCCESS/TRADE_FINISHED, SUCCESS). */
  paid: boolean;
  /** Our app id / merchant as the notify states it, checked against the configuration. */
  appId: string;
}

/** The raw notify as it reached us: headers and the body exactly as sent (signatures cover it). */
export interface RawNotify {
  headers: Readonly<Record<string, string | undefined>>;
  rawBody: string;
}

/** What the provider wants to hear back from a notify (Alipay: `success`; WeChat: 200/204). */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One payment provider behind the one interface the orders feature uses. Implementations:
 * alipay.provider.ts (alipay-sdk, RSA2), wechat.provider.ts (API v3), sandbox.provider.ts.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The payment link for the order; rejects when the provider cannot be reached or refuses. */
  createPayment(request: PaymentRequest): Promise<string>;
  /**
   * Verifies a notify: signature (and for WeChat the timestamp window and the AES-256-GCM tag),
   * then reads it. Null for anything forged, altered, stale or unreadable — never throws for
   * bad input.
   */
  verifyNotify(notify: RawNotify): Promise<VerifiedPayment | null>;
  /** The provider's state of an order (for getOrderId); null when it does not know the order. */
  queryOrder(orderId: string): Promise<VerifiedPayment | null>;
  /** Replies to a notify that was handled (or was a harmless repeat) and to one refused. */
  readonly replies: { accepted: NotifyReply; refused: NotifyReply };
}

/** Alipay settings (open platform app): RSA2 keys as PEM or bare base64. */
export interface AlipaySettings {
  appId: string;
  /** Our application private key. */
  privateKey: string;
  /** Alipay's public key, which signs notifies. */
  alipayPublicKey: string;
  /** The seller id (PID) notifies must name, when set. */
  sellerId?: string;
  /** Default https://openapi.alipay.com/gateway.do; the sandbox gateway for testing. */
  gateway?: string;
}

/** WeChat Pay API v3 settings. */
export interface WechatSettings {
  appId: string;
  mchId: string;
  /** APIv3 key (32 bytes) that encrypts notify resources. */
  apiV3Key: string;
  /** Our merchant API private key (PEM) and its certificate serial number. */
  privateKey: string;
  serialNo: string;
  /**
   * The keys WeChat Pay signs notifies and answers with, each under the serial its
   * Wechatpay-Serial header names: platform certificates (serial = the certificate's) and the
   * WeChat Pay public key (serial = its id, PUB_KEY_ID_…). Several at once, so a certificate
   * rotation or the move to the public key never stops settlements (decision 019).
   */
  platformKeys: WechatPlatformKey[];
  /** Default https://api.mch.weixin.qq.com (WECHAT_API_BASE). */
  baseUrl?: string;
}

export interface WechatPlatformKey {
  serial: string;
  /** PEM: a public key or a certificate. */
  publicKey: string;
  /** Where it came from, to name it when it cannot be read (an env var or a file). */
  source: string;
}

/** Payments as configured: real providers when their keys are set; the sandbox when chosen. */
export interface PaymentsSettings {
  /** The site's public origin, for notify and return URLs (e.g. https://yingku.example). */
  publicUrl: string;
  alipay?: AlipaySettings;
  wechat?: WechatSettings;
  /** Whether the sandbox takes the channels no real provider serves (PAY_SANDBOX). */
  sandbox: boolean;
  /** Secret the sandbox signs its notifies with (HMAC-SHA256); generated into DATA_DIR when unset. */
  sandboxKey: string;
  /**
   * How long a buyer waits on a provider (a new payment, an order query) before its answer
   * counts as failed: under the web client's 10 s timeout. Default 8 s; tests shorten it.
   */
  providerTimeoutMs?: number;
}

/** How long a notify's timestamp stays acceptable (WeChat: 5 minutes). */
export const NOTIFY_WINDOW_SECONDS = 300;
