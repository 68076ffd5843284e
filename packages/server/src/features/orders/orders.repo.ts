import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../library/library.repo';

/** A package as the shop lists it (prices in cents). */
export interface PackageRecord {
  id: string;
  name: string;
  remark: string;
  priceCents: number;
  origPriceCents: number;
  days: number;
  levelId: number;
}

/** An order row as stored. */
export interface OrderRecord {
  id: string;
  userId: string;
  packageName: string;
  days: number;
  levelId: number;
  amountCents: number;
  payChannel: 'alipay' | 'weixin';
  provider: string;
  status: number;
  providerTradeNo: string | null;
}

/** An order as the caller's list shows it (times as Asia/Shanghai text). */
export interface OrderListRecord {
  id: string;
  packageName: string;
  amountCents: number;
  payChannel: 'alipay' | 'weixin';
  status: number;
  createTime: string;
  payTime: string | null;
}

/** What a new order stores: the buyer, and the package as it is at this moment. */
export interface NewOrder {
  id: string;
  userId: string;
  packageId: string;
  packageName: string;
  days: number;
  levelId: number;
  amountCents: number;
  payChannel: 'alipay' | 'weixin';
  provider: string;
}

const ON_SALE = 0;
const UNPAID = 0;
const PAID = 1;

const ORDER_COLUMNS = [
  'id',
  'user_id as userId',
  'package_name as packageName',
  'days',
  'level_id as levelId',
  'amount_cents as amountCents',
  'pay_channel as payChannel',
  'provider',
  'status',
  'provider_trade_no as providerTradeNo',
] as const;

/** VIP packages and orders: the shop's SQL, and the row lock the paid transition takes. */
export function createOrdersRepo(db: Kysely<DB>) {
  const packages = () =>
    db
      .selectFrom('vip_packages')
      .select([
        'id',
        'name',
        'remark',
        'price_cents as priceCents',
        'orig_price_cents as origPriceCents',
        'days',
        'level_id as levelId',
      ])
      .where('status', '=', ON_SALE);

  return {
    /** Packages on sale, in the operators' order. */
    packagesOnSale(): Promise<PackageRecord[]> {
      return packages().orderBy('sort_order').orderBy('price_cents').orderBy('id').execute();
    },

    packageOnSale(id: string): Promise<PackageRecord | undefined> {
      return packages().where('id', '=', id).executeTakeFirst();
    },

    async insertOrder(order: NewOrder): Promise<void> {
      await db
        .insertInto('orders')
        .values({
          id: order.id,
          user_id: order.userId,
          package_id: order.packageId,
          package_name: order.packageName,
          days: order.days,
          level_id: order.levelId,
          amount_cents: order.amountCents,
          pay_channel: order.payChannel,
          provider: order.provider,
        })
        .execute();
    },

    /** Removes an order no one could pay (its provider failed); a paid one is never removed. */
    async deleteUnpaidOrder(id: string): Promise<void> {
      await db.deleteFrom('orders').where('id', '=', id).where('status', '=', UNPAID).execute();
    },

    findOrder(id: string): Promise<OrderRecord | undefined> {
      return db.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The order, only when it belongs to `userId`. */
    findUserOrder(id: string, userId: string): Promise<OrderRecord | undefined> {
      return db
        .selectFrom('orders')
        .select(ORDER_COLUMNS)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The user's orders, newest first, and how many there are. */
    async userOrders(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: OrderListRecord[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('orders')
          .select([
            'id',
            'package_name as packageName',
            'amount_cents as amountCents',
            'pay_channel as payChannel',
            'status',
            shanghaiTime('created_at').as('createTime'),
            sql<string | null>`CASE WHEN paid_at IS NULL THEN NULL ELSE ${shanghaiTime('paid_at')} END`.as(
              'payTime',
            ),
          ])
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Locks the order row until the transaction ends (SELECT … FOR UPDATE): notifies of one order,
     * however many arrive at once, decide and change its state one after another.
     */
    lockOrder(trx: Transaction<DB>, id: string): Promise<OrderRecord | undefined> {
      return trx
        .selectFrom('orders')
        .select(ORDER_COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The paid transition of a locked, unpaid order. */
    async markPaid(trx: Transaction<DB>, id: string, tradeNo: string): Promise<void> {
      await trx
        .updateTable('orders')
        .set({ status: PAID, provider_trade_no: tradeNo, paid_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', UNPAID)
        .execute();
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
