import { createHash, timingSafeEqual } from 'node:crypto';
import type { MediaKey } from '../video/media-settings';

/**
 * A stream token: which key signed it, until when (unix seconds), and the signature. It opens
 * every file of one video (`/{workId}/{mediaId}/…`) and nothing else.
 */
export interface MediaToken {
  kid: string;
  exp: number;
  sig: string;
}

/** The token's place in an address: `/{kid}/{exp}/{sig}/{workId}/{mediaId}/`, then the file. */
export const TOKEN_PATH =
  /^\/(?<kid>[A-Za-z0-9]{1,16})\/(?<exp>\d{1,12})\/(?<sig>[A-Za-z0-9_-]{22})\/(?<workId>\d{1,20})\/(?<mediaId>\d{1,20})\/(?<file>.+)$/;

/**
 * nginx's secure_link digest (docs/decisions/054): base64url MD5 of `{exp}/{workId}/{mediaId}/
 * {secret}`, written so that `secure_link_md5 "$exp/$work/$media/ $key"` at an edge computes the
 * same. Every part of the text is ours (never the client's), and the secret comes last.
 */
export function mediaDigest(secret: string, exp: number, workId: string, mediaId: string): string {
  return createHash('md5').update(`${exp}/${workId}/${mediaId}/ ${secret}`).digest('base64url');
}

export interface MediaTokens {
  /** A token for one video, valid until `exp`, from the signing key (the first). */
  sign(workId: string, mediaId: string, exp: number): MediaToken;
  /** The address part `/{kid}/{exp}/{sig}/{workId}/{mediaId}/` of a token. */
  dir(workId: string, mediaId: string, exp: number): string;
  /** Whether `token` opens that video now: a known key, its signature, not expired. */
  verify(
    token: { kid: string; exp: string; sig: string },
    workId: string,
    mediaId: string,
    now?: Date,
  ): boolean;
}

/**
 * Stream tokens signed with the media keys of their own (MEDIA_SIGNING_KEYS): the first key
 * signs, each key verifies the tokens that name it, so a new key can sign while the old one's
 * streams run out. Rotating JWT_SECRET does not touch them.
 */
export function createMediaTokens(keys: readonly MediaKey[]): MediaTokens {
  const signing = keys[0];
  if (!signing) throw new Error('no media signing key');
  const byId = new Map(keys.map((key) => [key.id, key.secret]));
  const sign = (workId: string, mediaId: string, exp: number): MediaToken => ({
    kid: signing.id,
    exp,
    sig: mediaDigest(signing.secret, exp, workId, mediaId),
  });
  return {
    sign,
    dir(workId, mediaId, exp) {
      const { kid, sig } = sign(workId, mediaId, exp);
      return `/${kid}/${exp}/${sig}/${workId}/${mediaId}/`;
    },
    verify({ kid, exp, sig }, workId, mediaId, now = new Date()) {
      const secret = byId.get(kid);
      if (secret === undefined || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires <= Math.floor(now.getTime() / 1000)) return false;
      const expected = Buffer.from(mediaDigest(secret, expires, workId, mediaId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
