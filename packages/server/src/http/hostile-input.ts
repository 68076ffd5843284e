import type { Socket } from 'node:net';
import { LIMITS, SERVER_MSG } from '@yingku/contract';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { badRequest } from './errors';

/**
 * Input no route should ever see, refused in one place with a 400 envelope before the signature
 * check, validation or the database:
 * - JSON with a `__proto__` key or a `constructor.prototype` (the keys of prototype poisoning,
 *   which a careless merge of the body would write onto every object);
 * - JSON nested deeper than LIMITS.maxJsonDepth, found by a scan of the text before it is
 *   parsed (a body nested 100,000 deep overflowed the stack in the signature check, and deep
 *   bodies cost several times the CPU of flat ones to parse and walk);
 * - a NUL character (PostgreSQL refuses 0x00 in text, which was a 500) or a lone UTF-16
 *   surrogate (not text at all: the driver would store U+FFFD) in any string of the query,
 *   the path parameters or the body, keys included.
 */
export function refuseHostileInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestedDeeperThan(text, LIMITS.maxJsonDepth)) {
      done(badRequest(SERVER_MSG.bodyTooDeep), undefined);
      return;
    }
    // Called with `done`, Fastify's parser answers through it (its type also allows a promise).
    void parseJson(request, text, (error, parsed) => {
      // Its refusal says "not JSON" for both; a body that is JSON was refused for its keys.
      if (error && isJson(text)) done(badRequest(SERVER_MSG.bodyForbiddenKeys), undefined);
      else done(error, parsed);
    });
  });

  app.addHook('preValidation', async (request) => {
    if (!wellFormed(request.query) || !wellFormed(request.params) || !wellFormed(request.body)) {
      throw badRequest(SERVER_MSG.badCharacters);
    }
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when the JSON text opens more than `max` arrays or objects at once. Brackets inside
 * strings do not count. Malformed text is left for the parser to refuse.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/** True when every string in `value` (keys too) is free of NUL and lone surrogates. */
export function wellFormed(value: unknown): boolean {
  // Iterative: a parsed body is at most LIMITS.maxJsonDepth deep, but a query or a form body is
  // not parsed by us.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!goodText(item)) return false;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (!goodText(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function goodText(text: string): boolean {
  return !BAD_TEXT.test(text);
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request — a request line and
 * headers past 16 KB (431: a huge query string), a request too slow to arrive (408), bytes that
 * are not HTTP (400) — with the envelope every other answer has, not Fastify's own body.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error: Error & { code?: string },
  socket: Socket,
) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', SERVER_MSG.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', SERVER_MSG.requestTimeout]
        : [400, 'Bad Request', SERVER_MSG.badRequest];
  const body = JSON.stringify({ code: status, msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
