import { isInt64Id } from '@yingku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../http/errors';
import { signPlaylist } from '../media/hls-clip';
import { HLS_BASE, type StreamUrls } from '../streams/stream-urls';
import { RUNG_NAMES } from './ladder';
import { MASTER_PLAYLIST, POSTER_FILE, PREVIEW_FILE, RUNG_PLAYLIST } from './transcode';
import { titlePrefix } from './video-pipeline';
import { type ByteRange, contentTypeOf, type VideoStorage } from './video-storage';

const SEGMENT = /^seg-\d{5}\.ts$/;
/** How long a presigned segment address lives: past the stream's own deadline is pointless. */
const MAX_DIRECT_SECONDS = 3 * 60 * 60;

type Signed = { exp?: string; sig?: string };
type TitleRequest = FastifyRequest<{
  Params: { workId: string; mediaId: string; file: string };
  Querystring: Signed;
}>;
type RungRequest = FastifyRequest<{
  Params: { workId: string; mediaId: string; rung: string; file: string };
  Querystring: Signed;
}>;
type PublicRequest = FastifyRequest<{ Params: { workId: string; mediaId: string; file: string } }>;

export interface VideoMediaRouteDeps {
  storage: VideoStorage;
  urls: StreamUrls;
}

/**
 * The made media of titles, under `/img`:
 * - `hls/{workId}/{mediaId}/master.m3u8?exp&sig`: the master playlist, each rung's address signed
 *   with the same deadline;
 * - `hls/{workId}/{mediaId}/{rung}/index.m3u8?exp&sig`: a rung's playlist, each segment's
 *   address signed (local storage) or presigned by the object store (S3: segments never pass
 *   through this server);
 * - `hls/{workId}/{mediaId}/{rung}/seg-NNNNN.ts?exp&sig`: a segment from local storage;
 * - `media/{workId}/{mediaId}/preview.mp4` and `poster.jpg`: public (the preview plays for
 *   everyone), from local storage or redirected to a presigned address.
 * A signature covers one path: it cannot be used for another work, video, rung or segment.
 */
export async function videoMediaRoutes(app: FastifyInstance, { storage, urls }: VideoMediaRouteDeps) {
  const checkIds = (workId: string, mediaId: string) => {
    if (!isInt64Id(workId) || !isInt64Id(mediaId)) throw notFound();
  };
  const verified = (path: string, query: Signed) => {
    if (!urls.verify(path, query.exp, query.sig)) throw forbidden();
    return Number(query.exp);
  };
  const playlist = (reply: FastifyReply, text: string) =>
    reply.header('cache-control', 'private, no-store').type('application/vnd.apple.mpegurl').send(text);

  app.get('/hls/:workId/:mediaId/:file', async (request: TitleRequest, reply) => {
    const { workId, mediaId, file } = request.params;
    checkIds(workId, mediaId);
    if (file !== MASTER_PLAYLIST) throw notFound();
    const dir = `${HLS_BASE}/${workId}/${mediaId}`;
    const exp = verified(`${dir}/${file}`, request.query);
    const text = await readText(storage, `${titlePrefix(workId, mediaId)}${MASTER_PLAYLIST}`);
    return playlist(
      reply,
      signPlaylist(text, (uri) => urls.sign(`${dir}/${uri}`, exp)),
    );
  });

  app.get('/hls/:workId/:mediaId/:rung/:file', async (request: RungRequest, reply) => {
    const { workId, mediaId, rung, file } = request.params;
    checkIds(workId, mediaId);
    if (!(RUNG_NAMES as readonly string[]).includes(rung)) throw notFound();
    const dir = `${HLS_BASE}/${workId}/${mediaId}/${rung}`;
    const exp = verified(`${dir}/${file}`, request.query);
    const prefix = `${titlePrefix(workId, mediaId)}${rung}/`;
    if (file === RUNG_PLAYLIST) {
      const text = await readText(storage, `${prefix}${RUNG_PLAYLIST}`);
      if (storage.kind === 's3') {
        const ttl = Math.min(MAX_DIRECT_SECONDS, Math.max(60, exp - Math.floor(Date.now() / 1000)));
        return playlist(
          reply,
          await presignPlaylist(text, (uri) => storage.directUrl(`${prefix}${uri}`, ttl)),
        );
      }
      return playlist(
        reply,
        signPlaylist(text, (uri) => urls.sign(`${dir}/${uri}`, exp)),
      );
    }
    if (!SEGMENT.test(file)) throw notFound();
    const left = Math.max(0, exp - Math.floor(Date.now() / 1000));
    return sendObject(request, reply, storage, `${prefix}${file}`, `private, max-age=${left}`);
  });

  const publicFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    workId: string,
    mediaId: string,
    file: string,
  ) => {
    const key = `${titlePrefix(workId, mediaId)}${file}`;
    // A video's files never change under its id: cache them for good.
    const cache = 'public, max-age=31536000, immutable';
    const direct = await storage.directUrl(key, 60 * 60);
    if (direct) return reply.header('cache-control', 'public, max-age=600').redirect(direct, 302);
    return sendObject(request, reply, storage, key, cache);
  };
  app.get('/media/:workId/:mediaId/:file', async (request: PublicRequest, reply) => {
    const { workId, mediaId, file } = request.params;
    checkIds(workId, mediaId);
    if (file !== PREVIEW_FILE && file !== POSTER_FILE) throw notFound();
    return publicFile(request, reply, workId, mediaId, file);
  });
  app.get('/media/:workId/:mediaId/stills/:file', async (request: PublicRequest, reply) => {
    const { workId, mediaId, file } = request.params;
    checkIds(workId, mediaId);
    if (!/^[1-9]\d?(-s)?\.jpg$/.test(file)) throw notFound();
    return publicFile(request, reply, workId, mediaId, `stills/${file}`);
  });
}

async function readText(storage: VideoStorage, key: string): Promise<string> {
  const object = await storage.read(key);
  if (!object) throw notFound();
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Replaces every URI line of a playlist with the object store's presigned address of it. */
async function presignPlaylist(
  text: string,
  url: (uri: string) => Promise<string | undefined>,
): Promise<string> {
  const lines = text.split(/\r?\n/);
  return (
    await Promise.all(
      lines.map(async (line) => {
        const uri = line.trim();
        if (uri === '' || uri.startsWith('#')) return line;
        return (await url(uri)) ?? uri;
      }),
    )
  ).join('\n');
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a `size`-byte object; null when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return null;
  return { start, end };
}

/** Streams a stored object, honouring a single byte range (players seek in mp4 previews). */
async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: VideoStorage,
  key: string,
  cacheControl: string,
) {
  const whole = await storage.read(key);
  if (!whole) throw notFound();
  const range = parseRange(request.headers.range, whole.size);
  reply.header('cache-control', cacheControl).header('accept-ranges', 'bytes').type(contentTypeOf(key));
  if (range === null) {
    whole.body.destroy();
    return reply.code(416).header('content-range', `bytes */${whole.size}`).send();
  }
  if (!range) return reply.header('content-length', whole.size).send(whole.body);
  whole.body.destroy();
  const part = await storage.read(key, range);
  if (!part) throw notFound();
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${whole.size}`)
    .header('content-length', part.length)
    .send(part.body);
}
