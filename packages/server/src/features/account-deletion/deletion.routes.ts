import { ACCOUNT_API, deletionBody, deletionResponse, DELETION_MSG } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok } from '../../http/envelope';
import { floodLimit } from '../../http/flood-limits';
import type { DeletionService } from './deletion.service';

export interface DeletionRouteDeps {
  deletion: DeletionService;
  auth: Authenticator;
  config: Pick<AppConfig, 'floodLimits'>;
}

/** 注销账号: the request; the cancellation is a login, the deletion the job's. */
export async function deletionRoutes(app: FastifyInstance, { deletion, auth, config }: DeletionRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    ACCOUNT_API.deletion,
    {
      ...floodLimit('password', config.floodLimits),
      schema: {
        summary: 'Ask for the account to be deleted (the password confirms); every login ends',
        body: deletionBody,
        response: { 200: deletionResponse, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      const done = await deletion.requestDeletion(await auth.required(request), request.body.password);
      return ok(done, DELETION_MSG.requested(done.deleteAt.slice(0, 10)));
    },
  );
}
