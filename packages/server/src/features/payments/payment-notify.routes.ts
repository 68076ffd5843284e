import { API } from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { RawNotify } from './payment-provider';
import type { PaymentNotifyService } from './payment-notify.service';

export interface PaymentNotifyRouteDeps {
  notifies: PaymentNotifyService;
}

const notifyParams = z.object({ provider: z.string().max(16) });

/**
 * POST /pay/notify/{provider} (alipay, wechat, sandbox): the providers' async notifies. Outside
 * the signed scope (providers sign their own way) and with every body kept as the exact string
 * that arrived, since the signatures cover those bytes: Alipay posts a form, WeChat and the
 * sandbox JSON. The parsers are replaced in this plugin only.
 */
export async function paymentNotifyRoutes(app: FastifyInstance, { notifies }: PaymentNotifyRouteDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(API.payNotify, { schema: { hide: true, params: notifyParams } }, async (request, reply) => {
    const { reply: answer } = await notifies.handleNotify(request.params.provider, rawNotify(request));
    if (!answer) throw notFound();
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });
}

function rawNotify(request: FastifyRequest): RawNotify {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { headers, rawBody: typeof request.body === 'string' ? request.body : '' };
}
