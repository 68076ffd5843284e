import { API, errorEnvelope, formatYuan, staffOrdersQuery, staffOrdersResponse } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, roleGuard } from '../../http/auth';
import { table } from '../../http/envelope';
import type { OrdersStaffService } from './orders-staff.service';

export interface OrdersStaffRouteDeps {
  orders: OrdersStaffService;
  auth: Authenticator;
}

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 500: errorEnvelope };

/** The console's order list (/v2/admin/orders): every user's orders. Staff or admin only. */
export async function ordersStaffRoutes(app: FastifyInstance, { orders, auth }: OrdersStaffRouteDeps) {
  const staff = roleGuard(auth, 'staff');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.staffOrders,
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
      const { rows, total } = await orders.list({ keyword, status }, pageNum, pageSize);
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
