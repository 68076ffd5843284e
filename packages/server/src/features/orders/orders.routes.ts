import {
  API,
  ordersListQuery,
  ordersListResponse,
  orderStateParams,
  orderStateResponse,
  submitOrderBody,
  submitOrderResponse,
  vipListQuery,
  vipListResponse,
} from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import type { OrdersService } from './orders.service';

export interface OrdersRouteDeps {
  orders: OrdersService;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 429, 500);

/** VIP packages (public) and the caller's orders: submit, list, state (docs/product.md §7). */
export async function ordersRoutes(app: FastifyInstance, { orders: service, auth }: OrdersRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Who calls is settled before the input is read (a visitor gets the login dialog's 403).
  const loggedIn = {
    preValidation: async (request: FastifyRequest) => {
      await auth.required(request);
    },
  };

  r.get(
    API.vipList,
    {
      schema: {
        summary: 'VIP packages on sale, in the shop order',
        querystring: vipListQuery,
        response: { 200: vipListResponse, ...errors },
      },
    },
    async () => {
      const rows = await service.packages();
      return table(rows, rows.length);
    },
  );

  r.post(
    API.submitOrder,
    {
      ...loggedIn,
      schema: {
        summary:
          "Creates the caller's unpaid order; data is the payment link, or `error` when the provider failed",
        body: submitOrderBody,
        response: { 200: submitOrderResponse, ...errors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      const { groupId, payChannel } = request.body;
      const client = { userAgent: request.headers['user-agent'], ip: request.ip };
      return ok(await service.submit(userId, groupId, payChannel, client));
    },
  );

  r.get(
    API.ordersList,
    {
      ...loggedIn,
      schema: {
        summary: "The caller's orders, newest first",
        querystring: ordersListQuery,
        response: { 200: ordersListResponse, ...errors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await service.orders(userId, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    API.orderState,
    {
      ...loggedIn,
      schema: {
        summary: "An order's state, after asking its provider; msg says paid, unpaid or closed",
        params: orderStateParams,
        response: { 200: orderStateResponse, ...errors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      const { status, msg } = await service.orderState(userId, request.params.orderId);
      return ok({ status }, msg);
    },
  );
}
