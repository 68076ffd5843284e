import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createOrdersRepo, type OrderRecord } from './orders.repo';
import { type Executor } from '../../db/executor';

/**
 * What the payment side may do with orders (payments call this, never the orders repo): read an
 * order, and, inside the transaction that records a provider's event, lock it and mark it paid.
 * The transaction is the last argument, as everywhere.
 */
export function createOrderPaymentsService(db: Kysely<DB>) {
  const orders = createOrdersRepo(db);
  return {
    findOrder: (id: string): Promise<OrderRecord | undefined> => orders.findOrder(id),

    /** The order, locked until `trx` ends: notifies of one order settle one after another. */
    lockOrder: (id: string, trx: Executor): Promise<OrderRecord | undefined> => orders.lockOrder(id, trx),

    /** The paid transition of a locked, unpaid order. */
    markPaid: (id: string, tradeNo: string, trx: Executor): Promise<void> =>
      orders.markPaid(id, tradeNo, trx),
  };
}

export type { OrderRecord };

export type OrderPaymentsService = ReturnType<typeof createOrderPaymentsService>;
