import { isInt64Id } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import { lockKey } from '../../db/locks';
import type { DB } from '../../db/schema';
import { shanghaiTime, shanghaiTimeOrNull } from '../../db/site-time-sql';
import { likePrefix } from '../../db/like';
import { inTransaction, type Executor } from '../../db/executor';

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

/** An order as the operators' console lists it: whose it is and how it was paid. */
export interface StaffOrderRecord extends OrderListRecord {
  userId: string;
  userName: string;
  provider: string;
  providerTradeNo: string | null;
}

/** What the console's order list is narrowed to (both optional). */
export interface StaffOrderFilter {
  /** An order id, a user id, or a user name (any case; exact or prefix). */
  keyword?: string | undefined;
  status?: number | undefined;
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

    /**
     * Inserts the unpaid order unless its user already has `quota.max` unpaid orders placed in
     * the last `quota.minutes`; false then. One user's submits decide one after another.
     */
    async insertOrderWithinQuota(order: NewOrder, quota: { max: number; minutes: number }): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await lockKey('orders:new', order.userId, trx);
        const { recent } = await trx
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('recent'))
          .where('user_id', '=', order.userId)
          .where('status', '=', UNPAID)
          .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${quota.minutes})`)
          .executeTakeFirstOrThrow();
        if (Number(recent) >= quota.max) return false;
        await trx
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
        return true;
      });
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
            shanghaiTimeOrNull('paid_at').as('payTime'),
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

    /** Every user's orders for the console, newest first, and how many match. */
    async staffOrders(
      filter: StaffOrderFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: StaffOrderRecord[]; total: number }> {
      let query = db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
      const { keyword, status } = filter;
      if (status !== undefined) query = query.where('o.status', '=', status);
      if (keyword !== undefined) {
        const name = likePrefix(keyword.toLowerCase());
        query = query.where((eb) =>
          isInt64Id(keyword)
            ? eb.or([
                eb('o.id', '=', keyword),
                eb('o.user_id', '=', keyword),
                eb('u.user_name_key', 'like', name),
              ])
            : eb('u.user_name_key', 'like', name),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .select([
            'o.id',
            'o.user_id as userId',
            'u.user_name as userName',
            'o.package_name as packageName',
            'o.amount_cents as amountCents',
            'o.pay_channel as payChannel',
            'o.provider',
            'o.provider_trade_no as providerTradeNo',
            'o.status',
            shanghaiTime('o.created_at').as('createTime'),
            shanghaiTimeOrNull('o.paid_at').as('payTime'),
          ])
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Locks the order row until the transaction ends (SELECT … FOR UPDATE): notifies of one order,
     * however many arrive at once, decide and change its state one after another.
     */
    lockOrder(id: string, trx: Executor): Promise<OrderRecord | undefined> {
      return trx
        .selectFrom('orders')
        .select(ORDER_COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The paid transition of a locked, unpaid order. */
    async markPaid(id: string, tradeNo: string, trx: Executor): Promise<void> {
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
