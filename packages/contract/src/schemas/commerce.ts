import { z } from 'zod';
import { videoStreamData } from './video';
import { PAGE_SIZE } from '../limits';
import { MSG } from '../messages';
import { clientFields } from './account';
import {
  dataEnvelope,
  errorEnvelope,
  idString,
  pageNumParam,
  pageSizeParam,
  tableEnvelope,
  yuanAmount,
} from './common';

/** Pay channels of docs/product.md §4: Alipay or WeChat (`weixin`). */
export const PAY_CHANNELS = ['alipay', 'weixin'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** The literal `data` of a submit whose provider failed (docs/product.md §8: the client shows 支付系统故障了). */
export const PAYMENT_ERROR = 'error';

/** Order status of docs/product.md §4: 0 unpaid, 1 paid and complete, anything else abnormal. */
export const ORDER_STATUS = { unpaid: 0, paid: 1, closed: 2 } as const;

/** A VIP package (docs/product.md §3). Prices as yuan text with two decimals, e.g. `45.00` (money.ts). */
export const vipPackage = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  currentPrice: yuanAmount,
  origPrice: yuanAmount,
  /** Days of VIP one purchase or code adds. */
  days: z.number().int(),
});
export type VipPackage = z.infer<typeof vipPackage>;

/** GET /v2/app/vip/list — packages on sale, in the operators' order (sort_order, then price). */
export const vipListQuery = z.object({
  ...clientFields,
  status: z.enum(['0', '1']).optional(),
});
export const vipListResponse = tableEnvelope(vipPackage);

/** POST /v2/orders/submit — an unpaid order for the caller; `data` is the payment link or `error`. */
export const submitOrderBody = z.object({
  ...clientFields,
  groupId: idString,
  payChannel: z.enum(PAY_CHANNELS),
});
export type SubmitOrderBody = z.input<typeof submitOrderBody>;
export const submitOrderResponse = dataEnvelope(z.string());

/** An order of the caller (docs/product.md §3). */
export const orderRow = z.object({
  orderId: z.string(),
  /** The package bought, e.g. 年卡. */
  payName: z.string(),
  createTime: z.string(),
  status: z.number().int(),
  /** Yuan text, two decimals, e.g. `45.00`. */
  amount: yuanAmount,
  payChannel: z.enum(PAY_CHANNELS),
  payTime: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;

/** GET /v2/orders/list — the caller's orders, newest first. */
export const ordersListQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.orders),
});
export const ordersListResponse = tableEnvelope(orderRow);

/** GET /v2/orders/getOrderId/{orderId} — asks the provider, updates the order, answers `msg`. */
export const orderStateParams = z.object({ orderId: idString });
export const orderStateResponse = errorEnvelope.extend({ data: z.object({ status: z.number().int() }) });

/** Activation code (docs/product.md §5: at least 8 characters). Spaces and dashes are ignored. */
export const redeemBody = z.object({
  ...clientFields,
  code: z.string(MSG.activationCodeTooShort).trim().min(8, MSG.activationCodeTooShort).max(64),
});
export type RedeemBody = z.input<typeof redeemBody>;

/** The caller's membership after a purchase or a redeemed code. */
export const membership = z.object({
  levelId: z.number().int(),
  groupName: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  vipUntil: z.string().nullable(),
});
export type Membership = z.infer<typeof membership>;
export const redeemResponse = dataEnvelope(membership);

/** GET /v2/video/censored/{id} — a signed, expiring stream address for a VIP. */
export const videoStreamParams = z.object({ id: z.string() });
export const videoStreamResponse = dataEnvelope(videoStreamData);
