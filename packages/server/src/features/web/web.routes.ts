import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  API_BASE,
  MSG,
  RUNTIME_CONFIG_GLOBAL,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, the runtime
 * config script (signing secret, app id, image host: one setting serves server and web), and
 * index.html for every client route so deep links work.
 */
export async function webRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  const runtime: RuntimeConfig = {
    signSecret: config.signSecret,
    appId: config.appId,
    imageHost: config.imageHost,
    captchaEnabled: config.captchaEnabled,
  };
  const script = `window.${RUNTIME_CONFIG_GLOBAL}=${JSON.stringify(runtime)};\n`;
  app.get(RUNTIME_CONFIG_PATH, async (_request, reply) => {
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script);
  });

  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith(API_BASE) &&
      !path.extname(request.url.split('?')[0] ?? '') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, msg: MSG.default404 });
  });
}
