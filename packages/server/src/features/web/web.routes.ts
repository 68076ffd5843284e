import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  API_BASE,
  MSG,
  RUNTIME_CONFIG_GLOBAL,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@yingku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, the runtime
 * config script (signing secret, app id, image host: one setting serves server and web).
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

  if (existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // Our own headers below; @fastify/static would otherwise overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
}

/**
 * Unknown paths: a page request (GET outside the API, not asking for JSON) gets index.html so client
 * routes deep-link; anything else the 404 envelope. Set on the root instance by app.ts.
 */
export function notFoundHandler(config: AppConfig) {
  const indexFile = path.join(config.webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' &&
      !pathname.startsWith(API_BASE) &&
      !path.extname(pathname) &&
      !/application\/json/.test(request.headers.accept ?? '');
    if (wantsPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ code: 404, msg: MSG.default404 });
  };
}
