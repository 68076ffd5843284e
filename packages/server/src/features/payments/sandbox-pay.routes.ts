import { isInt64Id, ORDER_STATUS } from '@yingku/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderPaymentsService, OrderRecord } from '../orders/order-payments.service';
import type { PaymentNotifyService } from './payment-notify.service';
import type { SandboxProvider } from './sandbox.provider';
import { renderSandboxPage, type SandboxPageOrder, type SandboxPageState } from './sandbox-pay.page';

export interface SandboxPayRouteDeps {
  orderPayments: OrderPaymentsService;
  sandbox: SandboxProvider;
  notifies: PaymentNotifyService;
}

/** Where the sandbox's payment links point. */
export const SANDBOX_PAY_PATH = '/sandbox-pay/:orderId';

// A wrong, missing or stale signature gets the invalid-link page; malformed input the usual 400.
const pageParams = z.object({ orderId: z.string().max(20) });
const pageQuery = z.object({ sig: z.string().max(100).optional() });

/**
 * The sandbox pay page (GET) and its pay button (POST). Unsigned like a real provider's cashier;
 * the link's HMAC is the key to an order. Paying sends a notify signed with the sandbox key through
 * the same verification and handler as Alipay's and WeChat's.
 */
export async function sandboxPayRoutes(
  app: FastifyInstance,
  { orderPayments: orders, sandbox, notifies }: SandboxPayRouteDeps,
) {
  // The button posts an empty form; its body carries nothing we read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: 1024 },
    (_request, _payload, done) => {
      done(null, {});
    },
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function linkedOrder(orderId: string, sig: string | undefined): Promise<OrderRecord | null> {
    if (!sig || !isInt64Id(orderId) || !sandbox.checkLinkSignature(orderId, sig)) return null;
    const order = await orders.findOrder(orderId);
    return order && order.provider === sandbox.name ? order : null;
  }

  const schema = { hide: true, params: pageParams, querystring: pageQuery };

  r.get(SANDBOX_PAY_PATH, { schema }, async (request, reply) => {
    const { orderId } = request.params;
    const { sig } = request.query;
    const order = await linkedOrder(orderId, sig);
    if (!order) return page(reply, 404, { kind: 'invalidLink' });
    if (order.status !== ORDER_STATUS.unpaid) return page(reply, 200, settledState(order));
    const action = `/sandbox-pay/${orderId}?sig=${encodeURIComponent(sig ?? '')}`;
    return page(reply, 200, { kind: 'pay', order: pageOrder(order), action });
  });

  r.post(SANDBOX_PAY_PATH, { schema }, async (request, reply) => {
    const order = await linkedOrder(request.params.orderId, request.query.sig);
    if (!order) return page(reply, 404, { kind: 'invalidLink' });
    if (order.status !== ORDER_STATUS.unpaid) return page(reply, 200, settledState(order));
    const notify = sandbox.buildNotify({ orderId: order.id, amountCents: order.amountCents });
    const { result } = await notifies.handleNotify(sandbox.name, notify);
    const kind = result.accepted ? 'paid' : 'failed';
    return page(reply, result.accepted ? 200 : 409, { kind, order: pageOrder(order) });
  });
}

function settledState(order: OrderRecord): SandboxPageState {
  const kind = order.status === ORDER_STATUS.paid ? 'alreadyPaid' : 'closed';
  return { kind, order: pageOrder(order) };
}

function pageOrder(order: OrderRecord): SandboxPageOrder {
  return {
    orderId: order.id,
    packageName: order.packageName,
    amountCents: order.amountCents,
    payChannel: order.payChannel,
  };
}

function page(reply: FastifyReply, status: number, state: SandboxPageState) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderSandboxPage(state));
}
