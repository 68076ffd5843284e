import { API, errorEnvelope, redeemBody, redeemResponse } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { ActivationCodesService } from './activation-codes.service';

export interface ActivationCodeRouteDeps {
  codes: ActivationCodesService;
  auth: Authenticator;
}

/** Redeeming an activation code for VIP days. */
export async function activationCodeRoutes(
  app: FastifyInstance,
  { codes: service, auth }: ActivationCodeRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Who calls is settled before the body is read: a visitor gets 403 (the login dialog).
  r.addHook('preValidation', async (request) => {
    await auth.required(request);
  });

  r.post(
    API.redeem,
    {
      schema: {
        summary: 'Redeem an activation code: its package’s VIP days are added to the caller',
        body: redeemBody,
        response: {
          200: redeemResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          429: errorEnvelope,
          500: errorEnvelope,
        },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      return ok(await service.redeem(userId, request.body.code));
    },
  );
}
