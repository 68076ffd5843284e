import { createHash } from 'node:crypto';
import { COVER_WIDTHS } from '@yingku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import { createCoverRasterizer } from './cover-raster';
import { coverSvg, DEMO_SIZES, stillSvg } from './demo-svg';

/** Work numbers as the demo catalogue spells them: letters, digits, `.`, `_` and `-`. */
const NUMBER = '[A-Za-z0-9][A-Za-z0-9._-]{0,63}';
/** `{number}.svg` (big) or `{number}-s.svg` (small). */
const COVER_FILE = new RegExp(`^(${NUMBER}?)(-s)?\\.svg$`);
/** `{number}.{width}w.webp` (big) or `{number}-s.{width}w.webp` (small): a cover as WebP (COVER_WIDTHS). */
const COVER_WEBP = new RegExp(`^(${NUMBER}?)(-s)?\\.([1-9]\\d{1,3})w\\.webp$`);
/** `{number}-{n}.svg` (big) or `{number}-{n}-s.svg` (small), n from 1. */
const STILL_FILE = new RegExp(`^(${NUMBER})-([1-9]\\d{0,2})(-s)?\\.svg$`);

type FileRequest = FastifyRequest<{ Params: { file: string } }>;

/**
 * Sends a drawn picture. The drawing depends on the file name alone, so it may be cached for
 * good; the ETag lets a revalidating client get a 304 instead of the picture again.
 */
function sendSvg(request: FileRequest, reply: FastifyReply, svg: string) {
  return sendPicture(request, reply, svg, 'image/svg+xml; charset=utf-8');
}

function sendPicture(request: FileRequest, reply: FastifyReply, body: string | Buffer, type: string) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag).type(type);
  const match = request.headers['if-none-match'];
  const tags = match?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
  if (tags.includes(etag) || tags.includes('*')) {
    return reply.code(304).send();
  }
  return reply.send(body);
}

/**
 * Pictures of the demo catalogue, drawn on request as SVG (no files, no external requests):
 * `GET /img/demo/cover/{number}.svg`, `…/{number}-s.svg`, `/img/demo/still/{number}-{n}.svg`
 * and `…/{number}-{n}-s.svg`; and the covers as WebP at the widths list cards and the detail use,
 * `…/cover/{number}-s.{width}w.webp` and `…/cover/{number}.{width}w.webp` (COVER_WIDTHS; decision
 * 029). Any other name answers the 404 envelope. (Streams: video-media.routes.ts.)
 */
export async function demoMediaRoutes(app: FastifyInstance) {
  const rasterize = createCoverRasterizer();

  app.get('/demo/cover/:file', async (request: FileRequest, reply) => {
    const webp = COVER_WEBP.exec(request.params.file);
    if (webp) {
      const [, number, small, width] = webp;
      const widths: readonly number[] = small ? COVER_WIDTHS.small : COVER_WIDTHS.big;
      if (!widths.includes(Number(width))) throw notFound();
      const size = small ? DEMO_SIZES.coverSmall : DEMO_SIZES.coverBig;
      const svg = coverSvg(number!, Boolean(small));
      const picture = await rasterize(`${number}${small ?? ''}`, svg, size.width, Number(width));
      return sendPicture(request, reply, picture, 'image/webp');
    }
    const match = COVER_FILE.exec(request.params.file);
    if (!match) throw notFound();
    return sendSvg(request, reply, coverSvg(match[1]!, Boolean(match[2])));
  });

  app.get('/demo/still/:file', async (request: FileRequest, reply) => {
    const match = STILL_FILE.exec(request.params.file);
    if (!match) throw notFound();
    return sendSvg(request, reply, stillSvg(match[1]!, Number(match[2]), Boolean(match[3])));
  });
}
