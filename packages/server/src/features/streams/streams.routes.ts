import { API, errorEnvelope, OK_MSG, videoStreamParams, videoStreamResponse } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import type { Authenticator } from '../../http/auth';
import { ok } from '../../http/envelope';
import { createStreamUrls } from './stream-urls';
import { createStreamsService } from './streams.service';

export interface StreamRouteDeps {
  db: Kysely<DB>;
  auth: Authenticator;
  config: Pick<AppConfig, 'jwtSecret'>;
}

/** The stream address of an online work, for VIPs. */
export async function streamRoutes(app: FastifyInstance, { db, auth, config }: StreamRouteDeps) {
  const service = createStreamsService(db, createStreamUrls(config.jwtSecret));
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A visitor gets 403 (the login dialog) whatever the id.
  r.addHook('preValidation', async (request) => {
    await auth.required(request);
  });

  r.get(
    API.videoStream,
    {
      schema: {
        summary: 'A signed, expiring HLS address of an online work (VIP only; others 402)',
        params: videoStreamParams,
        response: {
          200: videoStreamResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          402: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          500: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const caller = await auth.required(request);
      // An address that expires must not be kept by a cache between here and the player.
      reply.header('cache-control', 'private, no-store');
      return ok(await service.streamUrl(caller, request.params.id), OK_MSG.query);
    },
  );
}
