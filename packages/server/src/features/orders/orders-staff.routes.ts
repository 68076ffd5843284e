import { formatYuan, staffOrdersQuery, staffOrdersResponse, STAFF_API } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { table, errorResponses } from '../../http/envelope';
import type { OrdersStaffService } from './orders-staff.service';

export interface OrdersStaffRouteDeps {
  ordersStaff: OrdersStaffService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 500);

/** The console's order list (/v2/admin/orders): every user's orders. Staff or admin only. */
export async function ordersStaffRoutes(
  app: FastifyInstance,
  { ordersStaff: service, auth }: OrdersStaffRouteDeps,
) {
  const staff = permissionGuard(auth, 'orders.read');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    STAFF_API.orders,
    {
      ...staff.hook,
      schema: {
        summary: "Every user's orders, newest first; by order id, user id or user name, and status",
        querystring: staffOrdersQuery,
        response: { 200: staffOrdersResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { keyword, status, pageNum, pageSize } = request.query;
      const { rows, total } = await service.list({ keyword, status }, pageNum, pageSize);
      return table(
        rows.map((row) => ({
          orderId: row.id,
          userId: row.userId,
          userName: row.userName,
          payName: row.packageName,
          amount: formatYuan(row.amountCents),
          payChannel: row.payChannel,
          provider: row.provider,
          providerTradeNo: row.providerTradeNo,
          status: row.status,
          createTime: row.createTime,
          payTime: row.payTime,
        })),
        total,
      );
    },
  );
}
