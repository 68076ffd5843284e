import { API, redeemBody, redeemResponse } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok } from '../../http/envelope';
import type { ActivationCodesService } from './activation-codes.service';

export interface ActivationCodeRouteDeps {
  activationCodes: ActivationCodesService;
  auth: Authenticator;
}

/** Redeeming an activation code for VIP days. */
export async function activationCodeRoutes(
  app: FastifyInstance,
  { activationCodes: service, auth }: ActivationCodeRouteDeps,
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
        response: { 200: redeemResponse, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      return ok(await service.redeem(userId, request.body.code));
    },
  );
}
