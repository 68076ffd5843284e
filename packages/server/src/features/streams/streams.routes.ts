import {
  API,
  playPositionResponse,
  OK_MSG,
  playPositionBody,
  videoStreamParams,
  videoStreamResponse,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok } from '../../http/envelope';
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
        summary:
          'A signed, expiring HLS address of an online work (VIP only; others 402; 429 past the account’s devices)',
        params: videoStreamParams,
        response: { 200: videoStreamResponse, ...errorResponses(400, 401, 402, 403, 404, 429, 500) },
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
        summary:
          'Where the member is in a work’s video, kept to resume there; a VIP player’s sign of life (429: its device lost its place)',
        body: playPositionBody,
        response: { 200: playPositionResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await auth.required(request);
      const { workId, position, stopped } = request.body;
      await service.savePosition(caller, workId, position, stopped);
      return ok({ position }, OK_MSG.operation);
    },
  );
}
