import { MSG, SERVER_MSG } from '@yingku/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure } from '../db/connection';
import { AppError } from './errors';

const SPEC_TEXTS = new Set<string>(Object.values(MSG));

/**
 * One error path: typed errors become the envelope with their code; validation errors a 400 naming the field;
 * Fastify's own client errors keep their status; anything else is logged and answered with the default text
 * of docs/product.md §8 — never a stack; a database out of reach is a 503. (Unknown routes: web.routes.ts.)
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(httpStatus(error.code)).send({ code: error.code, msg: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ code: 400, msg: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: status, msg: clientErrorMessage(error, status) });
    }
    // Input the database refuses that got past every check (hostile-input.ts catches what it
    // knows of): the request's fault, never a 500.
    const refused = databaseRefusal(error);
    if (refused) {
      request.log.warn({ err: error }, 'database refused the input');
      return reply.status(400).send({ code: 400, msg: refused });
    }
    // A lost connection or a saturated pool: this request failed, the next one may not.
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: 503, msg: SERVER_MSG.serviceUnavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: MSG.defaultOther });
  });
}

/**
 * SQLSTATEs of text or numbers PostgreSQL cannot take: 22021 (a byte sequence not valid in
 * UTF-8, e.g. NUL), 22P05 (a character not translatable, NUL in jsonb), 22003 (out of range).
 */
function databaseRefusal(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === '22021' || code === '22P05') return SERVER_MSG.badCharacters;
  if (code === '22003') return SERVER_MSG.badRequest;
  return undefined;
}

function httpStatus(code: number): number {
  return code >= 400 && code < 600 ? code : 400;
}

/** The first issue, as fastify-type-provider-zod reports it: `/field` and zod's message. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return SERVER_MSG.badRequest;
  const message = first.message ?? '';
  // A rule docs/product.md words itself (e.g. the 1–32 keyword rule) is answered in its words.
  if (SPEC_TEXTS.has(message)) return message;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = error.validationContext === 'body' ? '请求体' : '参数';
  return `${SERVER_MSG.badRequest}：${where}${field ? ` ${field}` : ''} ${message}`.trim();
}

function clientErrorMessage(error: FastifyError, status: number): string {
  if (status === 404) return MSG.default404;
  if (status === 413) return `${SERVER_MSG.badRequest}：请求体过大`;
  if (status === 415) return `${SERVER_MSG.badRequest}：不支持的内容类型`;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return `${SERVER_MSG.badRequest}：请求体不是合法的 JSON`;
  }
  return SERVER_MSG.badRequest;
}
