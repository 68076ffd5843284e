import type { CdnSettings } from '../video/media-settings';
import type { MediaTokens } from './media-tokens';

/** Where this site serves streams: `/img/hls/{kid}/{exp}/{sig}/{workId}/{mediaId}/…`. */
export const HLS_BASE = '/img/hls';

/** The media id that names the bundled test clip in a token address (no video has id 0). */
export const CLIP_MEDIA_ID = '0';

/**
 * How long a stream token works. Long enough to watch a feature with pauses; the player asks
 * for a fresh address each time play is tapped, and when a token is refused.
 */
export const STREAM_TTL_SECONDS = 3 * 60 * 60;

export interface StreamUrls {
  /**
   * The master playlist of a video under a token valid for {@link STREAM_TTL_SECONDS}: on the
   * CDN when there is one, else on this site. Its rungs and segments are relative addresses,
   * so they carry the same token (docs/decisions/054).
   */
  masterUrl(workId: string, mediaId: string, now?: Date): string;
  /** The bundled test clip's playlist for a work marked online without a video: on this site. */
  clipUrl(workId: string, now?: Date): string;
  /**
   * A public file of a video (`media/{workId}/{mediaId}/poster.jpg`…): from the CDN when there is
   * one, else under the image host like the work's other pictures.
   */
  publicUrl(path: string): string;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createStreamUrls(
  tokens: MediaTokens,
  cdn: CdnSettings | undefined,
  imageHost: string,
): StreamUrls {
  const streamBase = cdn ? `${cdn.baseUrl}/hls` : HLS_BASE;
  const publicBase = cdn ? cdn.baseUrl : imageHost.replace(/\/+$/, '');
  const expiry = (now: Date) => unixSeconds(now) + STREAM_TTL_SECONDS;
  return {
    masterUrl: (workId, mediaId, now = new Date()) =>
      `${streamBase}${tokens.dir(workId, mediaId, expiry(now))}master.m3u8`,
    clipUrl: (workId, now = new Date()) =>
      `${HLS_BASE}${tokens.dir(workId, CLIP_MEDIA_ID, expiry(now))}index.m3u8`,
    publicUrl: (path) => `${publicBase}/${path}`,
  };
}
