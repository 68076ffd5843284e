import {
  API,
  fillPath,
  ordersListResponse,
  orderStateResponse,
  PAGE_SIZE,
  type PlayPositionBody,
  playPositionResponse,
  type RedeemBody,
  redeemResponse,
  type SubmitOrderBody,
  submitOrderResponse,
  videoStreamResponse,
  vipListResponse,
} from '@yingku/contract';
import { api } from './client';
import { keepaliveApi } from './keepalive-client';
import { runtimeConfig } from './runtime-config';

/**
 * The VIP calls of docs/product.md §7: packages, orders, the order refresh, code redemption and the stream.
 */
export const commerceApi = {
  /** Packages on sale (status 0); no login needed. The app id travels as docs/product.md §7 lists it. */
  packages: (signal?: AbortSignal) =>
    api.get(API.vipList, { status: '0', appId: runtimeConfig().appId }, { schema: vipListResponse, signal }),
  /** An unpaid order; `data` is the payment link, or `error` when the provider failed. */
  submitOrder: (body: SubmitOrderBody) =>
    api.post(API.submitOrder, { ...body }, { schema: submitOrderResponse }),
  /** The caller's latest orders, newest first (docs/product.md §9: one page of 20). */
  orders: (signal?: AbortSignal) =>
    api.get(
      API.ordersList,
      { pageNum: 1, pageSize: PAGE_SIZE.orders },
      { schema: ordersListResponse, signal },
    ),
  /** Asks the provider for an order's state; the answer's `msg` is shown (docs/product.md §8). */
  orderState: (orderId: string) =>
    api.get(fillPath(API.orderState, { orderId }), {}, { schema: orderStateResponse }),
  redeem: (body: RedeemBody) => api.post(API.redeem, { ...body }, { schema: redeemResponse }),
  /**
   * A signed, expiring m3u8 address for a VIP. Silent: the player shows a refusal (402) as one
   * prompt with the way to /pay, and every other failure through the client's presenter.
   */
  videoStream: (id: string, signal?: AbortSignal) =>
    api.get(fillPath(API.videoStream, { id }), {}, { schema: videoStreamResponse, signal, silent: true }),
  /**
   * Keeps where the member is in a work's video. Silent: a lost position is not worth a message.
   * `leaving`: the page is going away, so the call is sent to outlive it (keepalive).
   */
  savePlayPosition: (body: PlayPositionBody, leaving = false) =>
    (leaving ? keepaliveApi : api).post(
      API.playPosition,
      { ...body },
      { schema: playPositionResponse, silent: true },
    ),
};
