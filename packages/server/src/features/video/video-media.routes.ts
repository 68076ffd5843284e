import { isInt64Id } from '@yingku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../http/errors';
import { type HlsClip, loadHlsClip, PLAYLIST_FILE } from '../demo-media/hls-clip';
import type { MediaTokens } from '../streams/media-tokens';
import { CLIP_MEDIA_ID } from '../streams/stream-urls';
import type { CdnSettings } from './media-settings';
import { RUNG_NAMES } from './ladder';
import { MASTER_PLAYLIST, POSTER_FILE, PREVIEW_FILE, RUNG_PLAYLIST } from './transcode';
import { titlePrefix } from './video-pipeline';
import {
  type ByteRange,
  contentTypeOf,
  PLAYLIST_CACHE,
  SEGMENT_CACHE,
  type VideoStorage,
} from './video-storage';

const SEGMENT = /^seg-\d{5}\.ts$/;
/** How long a presigned segment address lives: past the stream's own deadline is pointless. */
const MAX_DIRECT_SECONDS = 3 * 60 * 60;

interface Token {
  kid: string;
  exp: string;
  sig: string;
  workId: string;
  mediaId: string;
}
type TitleRequest = FastifyRequest<{ Params: Token & { file: string } }>;
type RungRequest = FastifyRequest<{ Params: Token & { rung: string; file: string } }>;
type PublicRequest = FastifyRequest<{ Params: { workId: string; mediaId: string; file: string } }>;

export interface VideoMediaRouteDeps {
  storage: VideoStorage;
  tokens: MediaTokens;
  cdn: CdnSettings | undefined;
}

/**
 * The made media of titles, under `/img` (docs/decisions/054):
 * - `hls/{kid}/{exp}/{sig}/{workId}/{mediaId}/master.m3u8`, `…/{rung}/index.m3u8` and
 *   `…/{rung}/seg-NNNNN.ts`: a video's files under a token that opens that video only. The
 *   playlists are served as made — their addresses are relative, so each carries the token on —
 *   except a rung's on S3 storage without a CDN, whose segment lines become the store's
 *   presigned addresses (segments never pass through the app). A CDN edge verifies the same
 *   tokens and asks this site (local storage) or the bucket for what it has not cached.
 * - `hls/…/{workId}/0/index.m3u8` and its segments: the bundled test clip.
 * - `media/{workId}/{mediaId}/preview.mp4`, `poster.jpg`, `stills/N.jpg`: public (the preview
 *   plays for everyone): from local storage, or redirected to the CDN or a presigned address.
 */
export async function videoMediaRoutes(app: FastifyInstance, { storage, tokens, cdn }: VideoMediaRouteDeps) {
  let clip: HlsClip | undefined;
  const verified = (token: Token): number => {
    if (!isInt64Id(token.workId) || (token.mediaId !== CLIP_MEDIA_ID && !isInt64Id(token.mediaId))) {
      throw forbidden();
    }
    if (!tokens.verify(token, token.workId, token.mediaId)) throw forbidden();
    return Number(token.exp);
  };
  const playlist = (reply: FastifyReply, text: string, cache = PLAYLIST_CACHE) =>
    reply.header('cache-control', cache).type('application/vnd.apple.mpegurl').send(text);

  app.get('/hls/:kid/:exp/:sig/:workId/:mediaId/:file', async (request: TitleRequest, reply) => {
    const { workId, mediaId, file } = request.params;
    verified(request.params);
    if (mediaId === CLIP_MEDIA_ID) {
      clip ??= loadHlsClip();
      if (file === PLAYLIST_FILE) return playlist(reply, clip.playlist);
      const segment = clip.segments.get(file);
      if (!segment) throw notFound();
      return reply.header('cache-control', SEGMENT_CACHE).type('video/mp2t').send(segment);
    }
    if (file !== MASTER_PLAYLIST) throw notFound();
    return playlist(reply, await readText(storage, `${titlePrefix(workId, mediaId)}${MASTER_PLAYLIST}`));
  });

  app.get('/hls/:kid/:exp/:sig/:workId/:mediaId/:rung/:file', async (request: RungRequest, reply) => {
    const { workId, mediaId, rung, file } = request.params;
    const exp = verified(request.params);
    if (mediaId === CLIP_MEDIA_ID || !(RUNG_NAMES as readonly string[]).includes(rung)) throw notFound();
    const prefix = `${titlePrefix(workId, mediaId)}${rung}/`;
    const presigned = storage.kind === 's3' && !cdn;
    const ttl = Math.min(MAX_DIRECT_SECONDS, Math.max(60, exp - Math.floor(Date.now() / 1000)));
    if (file === RUNG_PLAYLIST) {
      const text = await readText(storage, `${prefix}${RUNG_PLAYLIST}`);
      if (!presigned) return playlist(reply, text);
      // Presigned addresses are this viewer's, for this token's time: no cache may keep them.
      return playlist(
        reply,
        await presignPlaylist(text, (uri) => storage.directUrl(`${prefix}${uri}`, ttl)),
        'private, no-store',
      );
    }
    if (!SEGMENT.test(file)) throw notFound();
    const direct = await storage.directUrl(`${prefix}${file}`, ttl);
    if (direct) return reply.header('cache-control', 'private, no-store').redirect(direct, 302);
    return sendObject(request, reply, storage, `${prefix}${file}`, SEGMENT_CACHE);
  });

  const publicFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    workId: string,
    mediaId: string,
    file: string,
  ) => {
    const key = `${titlePrefix(workId, mediaId)}${file}`;
    if (storage.kind === 's3') {
      // With a CDN its edge serves them (the bucket is its origin); else the bucket itself.
      const direct = cdn ? `${cdn.baseUrl}/${key}` : await storage.directUrl(key, 60 * 60);
      if (direct) return reply.header('cache-control', 'public, max-age=600').redirect(direct, 302);
    }
    return sendObject(request, reply, storage, key, SEGMENT_CACHE);
  };
  app.get('/media/:workId/:mediaId/:file', async (request: PublicRequest, reply) => {
    const { workId, mediaId, file } = request.params;
    if (!isInt64Id(workId) || !isInt64Id(mediaId)) throw notFound();
    if (file !== PREVIEW_FILE && file !== POSTER_FILE) throw notFound();
    return publicFile(request, reply, workId, mediaId, file);
  });
  app.get('/media/:workId/:mediaId/stills/:file', async (request: PublicRequest, reply) => {
    const { workId, mediaId, file } = request.params;
    if (!isInt64Id(workId) || !isInt64Id(mediaId)) throw notFound();
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
