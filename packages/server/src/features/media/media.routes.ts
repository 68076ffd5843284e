import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import { coverSvg, stillSvg } from './demo-svg';

/** Work numbers as the demo catalogue spells them: letters, digits, `.`, `_` and `-`. */
const NUMBER = '[A-Za-z0-9][A-Za-z0-9._-]{0,63}';
/** `{number}.svg` (big) or `{number}-s.svg` (small). */
const COVER_FILE = new RegExp(`^(${NUMBER}?)(-s)?\\.svg$`);
/** `{number}-{n}.svg` (big) or `{number}-{n}-s.svg` (small), n from 1. */
const STILL_FILE = new RegExp(`^(${NUMBER})-([1-9]\\d{0,2})(-s)?\\.svg$`);

type FileRequest = FastifyRequest<{ Params: { file: string } }>;

/**
 * Sends a drawn picture. The drawing depends on the file name alone, so it may be cached for
 * good; the ETag lets a revalidating client get a 304 instead of the picture again.
 */
function sendSvg(request: FileRequest, reply: FastifyReply, svg: string) {
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .type('image/svg+xml; charset=utf-8');
  const match = request.headers['if-none-match'];
  const tags = match?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
  if (tags.includes(etag) || tags.includes('*')) {
    return reply.code(304).send();
  }
  return reply.send(svg);
}

/**
 * Pictures of the demo catalogue, drawn on request as SVG (no files, no external requests):
 * `GET /img/demo/cover/{number}.svg`, `…/{number}-s.svg`, `/img/demo/still/{number}-{n}.svg`
 * and `…/{number}-{n}-s.svg`. Any other name answers the 404 envelope.
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.get('/demo/cover/:file', async (request: FileRequest, reply) => {
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
