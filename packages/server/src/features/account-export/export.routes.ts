import { ACCOUNT_API, sessionEndBody } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../http/auth';
import { errorResponses } from '../../http/envelope';
import type { ExportService } from './export.service';

export interface ExportRouteDeps {
  exports: ExportService;
  auth: Authenticator;
}

/** 导出我的数据: the zip itself as the answer (errors in the envelope, as everywhere). */
export async function exportRoutes(app: FastifyInstance, { exports: service, auth }: ExportRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    ACCOUNT_API.export,
    {
      schema: {
        summary: 'A zip of everything the site holds about the caller (JSON, and CSV per list); one a day',
        body: sessionEndBody.optional(),
        response: { 200: z.any().describe('application/zip'), ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request, reply) => {
      const { fileName, zip } = await service.exportAccount(await auth.required(request));
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );
}
