import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * `Cache-Control` of an answer that is the same for every visitor: reusable by browsers and
 * shared caches for `maxAgeSeconds`, then revalidated by its ETag; with 0, revalidated every time.
 */
export function sharedCacheControl(maxAgeSeconds: number): string {
  return maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'public, no-cache';
}

/** `Cache-Control` of an answer that carries the caller's own data: kept by no cache at all. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** A weak validator of a serialised body: equal bodies give equal tags, on every server. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * HTTP caching for every GET of the scope it is added to (decision 017): a successful answer
 * gets a weak ETag of its body and {@link sharedCacheControl}, and a request whose
 * `If-None-Match` names that tag gets 304 with no body. Left alone: other methods, any status
 * but 200 (errors are never cached), bodies that are not serialised yet, and answers whose route
 * set `Cache-Control` itself (the detail of a signed-in caller is {@link PRIVATE_NO_STORE}).
 */
export function addSharedCaching(scope: FastifyInstance, { maxAgeSeconds }: { maxAgeSeconds: number }) {
  const cacheControl = sharedCacheControl(maxAgeSeconds);
  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('cache-control')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = weakEtag(payload);
    reply.header('etag', etag);
    reply.header('cache-control', cacheControl);
    const ifNoneMatch = request.headers['if-none-match'];
    if (!ifNoneMatchHits(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, etag)) return payload;
    // The client's copy is current: headers only (ETag and Cache-Control again, RFC 9110 §15.4.5).
    // No body at all (null, not ''), so Fastify sends no Content-Length: a 304 may only carry the
    // 200's length, and a cache that freshened its copy with 0 would hold a broken answer.
    reply.code(304);
    reply.removeHeader('content-type');
    return null;
  });
}
