import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Where streams are served: `/img/hls/{workId}/{file}` (media routes). */
export const HLS_BASE = '/img/hls';

/**
 * How long a stream address works. Long enough to watch a feature with pauses; the player asks
 * for a fresh address each time play is tapped.
 */
export const STREAM_TTL_SECONDS = 3 * 60 * 60;

/** The query of a signed media address. */
export interface StreamSignature {
  exp: number;
  sig: string;
}

export interface StreamUrls {
  /** The signed playlist address of a work, valid for {@link STREAM_TTL_SECONDS} from `now`. */
  playlistUrl(workId: string, now?: Date): string;
  /** The signed master playlist address of a work's video, valid for {@link STREAM_TTL_SECONDS}. */
  masterUrl(workId: string, mediaId: string, now?: Date): string;
  /** The signature of a path under {@link HLS_BASE} until `exp` (unix seconds). */
  sign(path: string, exp: number): StreamSignature;
  /** Whether `sig` signs `path` until `exp`, and `exp` has not passed. */
  verify(path: string, exp: unknown, sig: unknown, now?: Date): boolean;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Signed, expiring media addresses: HMAC-SHA256 over `path` and `exp`, with a key derived from
 * the JWT secret (HKDF, its own label) so no new setting is needed and a stream signature can
 * never pass for a token signature or the other way round.
 */
export function createStreamUrls(jwtSecret: string): StreamUrls {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'yingku stream urls v1', 32));
  const mac = (path: string, exp: number) =>
    createHmac('sha256', key).update(`${path}\n${exp}`).digest('base64url');
  const sign = (path: string, exp: number): StreamSignature => ({ exp, sig: mac(path, exp) });

  return {
    playlistUrl(workId, now = new Date()) {
      const path = `${HLS_BASE}/${workId}/index.m3u8`;
      const { exp, sig } = sign(path, unixSeconds(now) + STREAM_TTL_SECONDS);
      return `${path}?exp=${exp}&sig=${sig}`;
    },
    masterUrl(workId, mediaId, now = new Date()) {
      const path = `${HLS_BASE}/${workId}/${mediaId}/master.m3u8`;
      const { exp, sig } = sign(path, unixSeconds(now) + STREAM_TTL_SECONDS);
      return `${path}?exp=${exp}&sig=${sig}`;
    },
    sign,
    verify(path, exp, sig, now = new Date()) {
      // A repeated parameter arrives as an array: refused like a missing one.
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires <= unixSeconds(now)) return false;
      const expected = Buffer.from(mac(path, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
