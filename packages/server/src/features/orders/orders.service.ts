import {
  formatYuan,
  ORDER_STATUS,
  type OrderRow,
  orderSubject,
  type PayChannel,
  PAYMENT_ERROR,
  SERVER_MSG,
  type VipPackage,
} from '@yingku/contract';
import type { Logger } from '../../lib/logger';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest, notFound, tooManyRequests } from '../../http/errors';
import { createIdGenerator } from '../catalogue-write/id-generator';
import type { PaymentNotifyService } from '../payments/payment-notify.service';
import type { PayDevice } from '../payments/payment-provider';
import type { PaymentProviders } from '../payments/providers';
import { toVipPackage } from '../vip-packages/package-rows';
import { createOrdersRepo, type OrderListRecord } from './orders.repo';
import { pageOffset } from '../../http/paging';

export interface OrdersServiceDeps {
  db: Kysely<DB>;
  providers: PaymentProviders;
  notifies: PaymentNotifyService;
  log: Logger;
  /** A provider that has not answered by then has failed (default {@link PROVIDER_TIMEOUT_MS}). */
  providerTimeoutMs?: number | undefined;
  /** Ids of new orders: the app's generator, bound to this process's worker id. */
  newId?: () => string;
}

/** Who is buying, as the request shows it. */
export interface BuyerClient {
  userAgent: string | undefined;
  ip: string;
}

/**
 * A provider that has not answered by then has failed, for the buyer waiting on the link or on
 * the order's state: under the web client's 10 s timeout, so the buyer gets our answer.
 */
export const PROVIDER_TIMEOUT_MS = 8_000;

/**
 * Unpaid orders one member may place in a window: enough to retry a payment or change the
 * channel several times, not enough to fill the orders table or a provider's quota.
 */
export const UNPAID_ORDER_QUOTA = { max: 5, minutes: 10 } as const;

/** Phones get the providers' mobile flows (Alipay wap.pay, WeChat H5); the rest their desktop ones. */
export function deviceOf(userAgent: string | undefined): PayDevice {
  return /Mobile|Android|iPhone/.test(userAgent ?? '') ? 'phone' : 'desktop';
}

/**
 * The shop: packages on sale, new orders with their payment link, the caller's orders, and an
 * order's state (asking its provider, and settling it through the notify path when it was paid).
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, providers, notifies, log } = deps;
  const providerTimeoutMs = deps.providerTimeoutMs ?? PROVIDER_TIMEOUT_MS;
  const repo = createOrdersRepo(db);
  const newOrderId = deps.newId ?? createIdGenerator();

  return {
    async packages(): Promise<VipPackage[]> {
      return (await repo.packagesOnSale()).map(toVipPackage);
    },

    /**
     * Creates the caller's unpaid order and answers the provider's payment link; when the
     * provider fails, the order is removed again and the answer is PAYMENT_ERROR (docs/product.md §8). A
     * channel that takes no payments here is refused before any order exists.
     */
    async submit(
      userId: string,
      packageId: string,
      channel: PayChannel,
      client: BuyerClient,
    ): Promise<string> {
      const provider = providers.forChannel(channel);
      if (!provider) throw badRequest(SERVER_MSG.payChannelUnavailable);
      const pkg = await repo.packageOnSale(packageId);
      if (!pkg) throw notFound(SERVER_MSG.packageNotFound);
      const orderId = newOrderId();
      const placed = await repo.insertOrderWithinQuota(
        {
          id: orderId,
          userId,
          packageId: pkg.id,
          packageName: pkg.name,
          days: pkg.days,
          levelId: pkg.levelId,
          amountCents: pkg.priceCents,
          payChannel: channel,
          provider: provider.name,
        },
        UNPAID_ORDER_QUOTA,
      );
      if (!placed) throw tooManyRequests(SERVER_MSG.ordersTooFrequent);
      try {
        const request = {
          orderId,
          amountCents: pkg.priceCents,
          subject: orderSubject(pkg.name),
          channel,
          device: deviceOf(client.userAgent),
          clientIp: client.ip,
        };
        return await withTimeout(provider.createPayment(request), providerTimeoutMs);
      } catch (err) {
        log.warn({ err, provider: provider.name, orderId }, 'payment provider failed; order removed');
        await repo.deleteUnpaidOrder(orderId);
        return PAYMENT_ERROR;
      }
    },

    async orders(userId: string, pageNum: number, pageSize: number) {
      const { rows, total } = await repo.userOrders(userId, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map(toOrderRow), total };
    },

    /**
     * The caller's order state. An unpaid one is checked with its provider first (for at most
     * the provider timeout); a paid answer
     * goes through the notify path's settle (event id `query:<trade no>`), so it pays and grants
     * exactly as a notify would, and at most once with it.
     */
    async orderState(userId: string, orderId: string): Promise<{ status: number; msg: string }> {
      const order = await repo.findUserOrder(orderId, userId);
      if (!order) throw notFound(SERVER_MSG.orderNotFound);
      let status = order.status;
      const provider = status === ORDER_STATUS.unpaid ? providers.byName(order.provider) : undefined;
      if (provider) {
        // A provider that does not answer in time leaves the order as we know it (unpaid).
        const answer = await withTimeout(provider.queryOrder(order.id), providerTimeoutMs).catch(
          (err: unknown) => {
            log.warn({ err, provider: provider.name, orderId }, 'order query failed');
            return null;
          },
        );
        if (answer?.paid && answer.orderId === order.id && answer.provider === provider.name) {
          const result = await notifies.settle({ ...answer, eventId: `query:${answer.tradeNo}` });
          if (result.accepted) status = (await repo.findOrder(order.id))?.status ?? status;
        }
      }
      return { status, msg: messageOf(status) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

function messageOf(status: number): string {
  if (status === ORDER_STATUS.paid) return SERVER_MSG.orderPaid;
  if (status === ORDER_STATUS.unpaid) return SERVER_MSG.orderUnpaid;
  return SERVER_MSG.orderClosed;
}

function toOrderRow(row: OrderListRecord): OrderRow {
  return {
    orderId: row.id,
    payName: row.packageName,
    createTime: row.createTime,
    status: row.status,
    amount: formatYuan(row.amountCents),
    payChannel: row.payChannel,
    payTime: row.payTime,
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
