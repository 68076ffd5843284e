import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageOffset } from '../../http/paging';
import { createOrdersRepo, type StaffOrderFilter, type StaffOrderRecord } from './orders.repo';

/** The console's view of orders: every user's, newest first, found by id, user or status. */
export function createOrdersStaffService(db: Kysely<DB>) {
  const repo = createOrdersRepo(db);
  return {
    list(
      filter: StaffOrderFilter,
      pageNum: number,
      pageSize: number,
    ): Promise<{ rows: StaffOrderRecord[]; total: number }> {
      return repo.staffOrders(filter, pageSize, pageOffset(pageNum, pageSize));
    },
  };
}

export type OrdersStaffService = ReturnType<typeof createOrdersStaffService>;
