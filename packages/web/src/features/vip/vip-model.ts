import {
  centsOf,
  formatYuan,
  LIMITS,
  MSG,
  ORDER_STATUS,
  type OrderRow,
  PAGE_SIZE,
  PAYMENT_ERROR,
  type PayChannel,
  redeemBody,
  type VipPackage,
} from '@yingku/contract';
import { CHANNEL_NAME, fill, VIP_TEXT } from './texts';

/** Cents as people read a price: whole yuan without decimals (`45`), else two (`19.90`). */
function showCents(cents: number): string {
  const text = formatYuan(cents);
  return cents % 100 === 0 ? text.slice(0, -3) : text;
}

/** An amount as it arrives (`45.00`, `19.90`; money.ts) as people read a price: `45`, `19.90`. */
export function showYuan(amount: string): string {
  return showCents(centsOf(amount));
}

/**
 * The promotional label of a package (docs/product.md §2): shown only when the two prices differ downwards.
 */
export interface PromoLabel {
  tag: string;
  saving: string;
}

export function promoLabel(pkg: Pick<VipPackage, 'currentPrice' | 'origPrice'>): PromoLabel | null {
  const savingCents = centsOf(pkg.origPrice) - centsOf(pkg.currentPrice);
  // A "discount" to a higher price is no promotion: the original price is then not shown struck.
  if (savingCents <= 0) return null;
  return { tag: VIP_TEXT.promo, saving: fill(VIP_TEXT.saving, { amount: showCents(savingCents) }) };
}

/** The struck-through original price is shown only next to a promotion. */
export const showsOrigPrice = (pkg: Pick<VipPackage, 'currentPrice' | 'origPrice'>) =>
  promoLabel(pkg) !== null;

/** `约¥0.75/天`, rounded up to the cent so it never promises less than it costs. */
export function perDayText(pkg: Pick<VipPackage, 'currentPrice' | 'days'>): string | null {
  if (pkg.days <= 0) return null;
  const cents = Math.ceil(centsOf(pkg.currentPrice) / pkg.days);
  return fill(VIP_TEXT.perDay, { amount: formatYuan(cents) });
}

/** Where a submitted order is paid: a page to open, or (WeChat Native) a code to scan. */
export type PaymentTarget = { kind: 'page'; url: string } | { kind: 'qr'; code: string };

/** WeChat Pay Native answers a `weixin://wxpay/bizpayurl?…` code for a QR, not a page. */
const WECHAT_CODE = /^weixin:\/\/wxpay\/bizpayurl\?[\w=&%.-]+$/;

/**
 * What the submit answer's `data` means: a payment page to open, a WeChat code to show as a QR
 * (desktops), or the broken payment system (docs/product.md §8: the literal `error` shows 支付系统故障了).
 * Only http(s) pages are opened — anything else (a `javascript:` URL from a compromised or
 * confused provider) counts as broken too.
 */
export function paymentTarget(data: string, base: string): PaymentTarget | null {
  if (data === PAYMENT_ERROR) return null;
  if (WECHAT_CODE.test(data)) return { kind: 'qr', code: data };
  try {
    const url = new URL(data, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { kind: 'page', url: url.href } : null;
  } catch {
    return null;
  }
}

/** How an order's status shows (docs/product.md §4): 0 unpaid with its buttons, 1 complete, else abnormal. */
export interface OrderStatusView {
  kind: 'unpaid' | 'paid' | 'abnormal';
  text: string;
  color: 'warning' | 'success' | 'danger';
  /** Refresh-payment and contact-support buttons. */
  actions: boolean;
}

export function orderStatusView(status: number): OrderStatusView {
  if (status === ORDER_STATUS.unpaid) {
    return { kind: 'unpaid', text: VIP_TEXT.statusUnpaid, color: 'warning', actions: true };
  }
  if (status === ORDER_STATUS.paid) {
    return { kind: 'paid', text: VIP_TEXT.statusPaid, color: 'success', actions: false };
  }
  return { kind: 'abnormal', text: VIP_TEXT.statusAbnormal, color: 'danger', actions: false };
}

/** Display name of a pay channel; an unknown one (a future channel) shows as it is. */
export function channelName(channel: PayChannel | string): string {
  return (CHANNEL_NAME as Record<string, string>)[channel] ?? channel;
}

/** docs/product.md §9: the orders page shows only the latest 20, whatever the server answers. */
export function latestOrders(rows: readonly OrderRow[]): OrderRow[] {
  return rows.slice(0, PAGE_SIZE.orders);
}

/** The code to send, or the text to show instead of sending (docs/product.md §5: 激活码至少8位). */
export type CodeCheck = { ok: true; code: string } | { ok: false; message: string };

/** Trims the typed code and applies the contract's rule (at least 8 characters, at most 64). */
export function checkActivationCode(raw: string | undefined): CodeCheck {
  const code = (raw ?? '').trim();
  const result = redeemBody.shape.code.safeParse(code);
  if (result.success) return { ok: true, code: result.data };
  const message =
    code.length < LIMITS.activationCodeMin
      ? MSG.activationCodeTooShort
      : (result.error.issues[0]?.message ?? MSG.activationCodeTooShort);
  return { ok: false, message };
}
