import {
  API,
  errorEnvelope,
  playPositionResponse,
  OK_MSG,
  playPositionBody,
  SERVER_MSG,
  videoStreamParams,
  videoStreamResponse,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import type { StreamsService } from './streams.service';

export interface StreamRouteDeps {
  streams: StreamsService;
  auth: Authenticator;
}

/** The stream address of an online work, for VIPs. */
export async function streamRoutes(app: FastifyInstance, { streams: service, auth }: StreamRouteDeps) {
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

  r.post(
    API.playPosition,
    {
      schema: {
        summary: 'Where the member is in a work’s video, kept to resume there (signed-in members)',
        body: playPositionBody,
        response: {
          200: playPositionResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => {
      const caller = await auth.required(request);
      const { workId, position } = request.body;
      if (!(await service.savePosition(caller, workId, position))) throw notFound(SERVER_MSG.workNotFound);
      return ok({ position }, OK_MSG.operation);
    },
  );
}
