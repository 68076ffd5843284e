import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../db/site-time-sql';
import { type Executor, inTransaction } from '../../db/executor';

/** A VIP package as stored (prices in cents). */
export interface VipPackageRecord {
  id: string;
  name: string;
  remark: string;
  priceCents: number;
  origPriceCents: number;
  days: number;
  levelId: number;
  /** 0 on sale, 1 withdrawn (kept for the orders and codes that name it). */
  status: number;
  sortOrder: number;
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  createTime: string;
}

/** Everything a package is made of, validated by the service. */
export type VipPackageValues = Omit<VipPackageRecord, 'id' | 'createTime'>;

/** PostgreSQL's unique_violation: another package on sale took the name first. */
const UNIQUE_VIOLATION = '23505';

const COLUMNS = [
  'id',
  'name',
  'remark',
  'price_cents as priceCents',
  'orig_price_cents as origPriceCents',
  'days',
  'level_id as levelId',
  'status',
  'sort_order as sortOrder',
  shanghaiTime('created_at').as('createTime'),
] as const;

function toRow(values: Partial<VipPackageValues>) {
  return {
    name: values.name,
    remark: values.remark,
    price_cents: values.priceCents,
    orig_price_cents: values.origPriceCents,
    days: values.days,
    level_id: values.levelId,
    status: values.status,
    sort_order: values.sortOrder,
  };
}

/**
 * The VIP packages table: every read and write of it outside the shop's order path. Writes
 * answer null when the partial unique index `vip_packages_name_on_sale` refused the name.
 */
export function createVipPackagesRepo(db: Kysely<DB>) {
  const select = (executor: Executor = db) => executor.selectFrom('vip_packages').select(COLUMNS);

  return {
    /** Runs `work` in one transaction (the service's change and its audit entry together). */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),

    /** Every package, on sale or withdrawn, in the shop's order. */
    list(): Promise<VipPackageRecord[]> {
      return select().orderBy('sort_order').orderBy('id').execute();
    },

    findById(id: string): Promise<VipPackageRecord | undefined> {
      return select().where('id', '=', id).executeTakeFirst();
    },

    /** Every package with exactly this name (at most one of them on sale), on sale first. */
    findByName(name: string): Promise<VipPackageRecord[]> {
      return select().where('name', '=', name).orderBy('status').orderBy('id').execute();
    },

    /** Whether a package on sale other than `exceptId` has this name. */
    async nameOnSale(name: string, exceptId?: string): Promise<boolean> {
      let query = select().where('name', '=', name).where('status', '=', 0);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async levelExists(levelId: number): Promise<boolean> {
      const row = await db.selectFrom('levels').select('id').where('id', '=', levelId).executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: VipPackageValues, trx: Executor = db): Promise<VipPackageRecord | null> {
      const { name, priceCents, origPriceCents, days } = values;
      const row = { ...toRow(values), name, price_cents: priceCents, orig_price_cents: origPriceCents, days };
      return uniqueOrNull(
        trx.insertInto('vip_packages').values(row).returning(COLUMNS).executeTakeFirstOrThrow(),
      );
    },

    /** Changes the given columns and updated_at; undefined when there is no such package. */
    async update(
      id: string,
      changes: Partial<VipPackageValues>,
      trx: Executor = db,
    ): Promise<VipPackageRecord | undefined | null> {
      return uniqueOrNull(
        trx
          .updateTable('vip_packages')
          .set({ ...toRow(changes), updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst(),
      );
    },
  };
}

export type VipPackagesRepo = ReturnType<typeof createVipPackagesRepo>;

async function uniqueOrNull<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write;
  } catch (err) {
    if (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION) {
      return null;
    }
    throw err;
  }
}
