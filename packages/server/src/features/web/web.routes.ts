import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  API_BASE,
  DISCREET_ATTRIBUTE,
  discreetFromCookies,
  MSG,
  type PayChannel,
  RUNTIME_CONFIG_GLOBAL,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@yingku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { type FirstScreenReader, withFirstScreen } from './first-screen';
import { type Prerender, prerenderOf, withPrerendered } from './prerender';

/**
 * Serves the built web app on the API's port: hashed assets cached for a year (immutable),
 * everything else revalidated, each file as the brotli or gzip copy the build wrote beside it
 * when the browser takes one (decision 018); and the runtime config script (signing secret, app
 * id, image host: one setting serves server and web).
 */
export async function webRoutes(
  app: FastifyInstance,
  { config, payChannels }: { config: AppConfig; payChannels: readonly PayChannel[] },
) {
  const runtime: RuntimeConfig = {
    signSecret: config.signSecret,
    appId: config.appId,
    imageHost: config.imageHost,
    captchaEnabled: config.captchaEnabled,
    payChannels: [...payChannels],
    paySandbox: config.payments.sandbox,
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
      // `x.js.br` / `x.js.gz` beside `x.js` (packages/web/plugins/precompress.ts), sent with
      // content-encoding to a browser that accepts it; not served under names of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Our own headers below; @fastify/static would otherwise overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The answer depends on accept-encoding: a shared cache must keep the copies apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
}

/**
 * Unknown paths: a page request (GET outside the API, not asking for JSON) gets index.html so client
 * routes deep-link; anything else the 404 envelope. Set on the root instance by app.ts. With
 * `firstScreen`, a page whose first screen it knows (/index, a work detail) carries that screen's
 * data and preloads its largest picture (decision 029), compressed per request (a few KB: well
 * under a millisecond); a failing read sends the page as it is. With the web build's `prerender`,
 * that screen's markup is in `#root` too (decision 033); a failing render sends the page without.
 */
export function notFoundHandler(
  config: AppConfig,
  firstScreen?: FirstScreenReader,
  prerender: Prerender | undefined = prerenderOf(config.webDist),
) {
  const indexHtml = readIndexHtml(config.webDist);
  const htmlText = indexHtml?.identity.toString('utf8');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' &&
      !pathname.startsWith(API_BASE) &&
      !path.extname(pathname) &&
      !/application\/json/.test(request.headers.accept ?? '');
    // 隐私模式: the page is marked for its first paint; it is made per request then.
    const discreet = wantsPage && discreetFromCookies(request.headers.cookie);
    if (wantsPage && indexHtml && htmlText !== undefined && firstScreen) {
      const screen = await firstScreen(pathname).catch((error: unknown) => {
        // An unknown work is the app's own not-found screen; anything else is worth a line.
        if ((error as { statusCode?: number }).statusCode !== 404) {
          request.log.warn({ err: error }, 'first screen data not read');
        }
        return undefined;
      });
      if (screen) {
        const page = withFirstScreen(htmlText, screen);
        const markup = await prerender?.(pathname, screen.data, config.imageHost).catch((error: unknown) => {
          request.log.warn({ err: error }, 'first screen not prerendered');
          return undefined;
        });
        const html = markup ? withPrerendered(page, markup) : page;
        return sendPage(request, reply, Buffer.from(discreet ? withDiscreet(html) : html));
      }
    }
    if (discreet && htmlText !== undefined)
      return sendPage(request, reply, Buffer.from(withDiscreet(htmlText)));
    if (wantsPage && indexHtml) {
      const encoding = acceptedEncoding(request.headers['accept-encoding'], indexHtml);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .send(indexHtml[encoding]);
    }
    return reply.status(404).send({ code: 404, msg: MSG.default404 });
  };
}

/** The page marked for 隐私模式: `<html … data-discreet>`, so its pictures are blurred from the first paint. */
export function withDiscreet(html: string): string {
  return html.replace(/<html\b/, `<html ${DISCREET_ATTRIBUTE}=""`);
}

/** A page made for this request, compressed as the browser takes it (brotli at a fast level). */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: Buffer) {
  const encoding = acceptedEncoding(request.headers['accept-encoding'], { br: html, gzip: html });
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(html)
        : html;
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .send(body);
}

type Encoding = 'br' | 'gzip' | 'identity';
type EncodedFile = Partial<Record<Encoding, Buffer>> & { identity: Buffer };

/** index.html and the compressed copies the build wrote beside it, read once at start. */
function readIndexHtml(webDist: string): EncodedFile | undefined {
  const file = path.join(webDist, 'index.html');
  if (!existsSync(file)) return undefined;
  const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return { identity: readFileSync(file), br: copy('.br'), gzip: copy('.gz') };
}

/** The best encoding of `file` that `accept-encoding` allows: brotli, then gzip, else none. */
export function acceptedEncoding(
  header: string | undefined,
  file: Partial<Record<Encoding, Buffer>>,
): Encoding {
  const allowed = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (file.br && allowed.has('br')) return 'br';
  if (file.gzip && allowed.has('gzip')) return 'gzip';
  return 'identity';
}
