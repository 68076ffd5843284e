import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config';
import { loggerOptions } from '../lib/logger';
import { redactUrl } from '../lib/redact-url';

/** The header a request id arrives in (from a trusted proxy) and is answered in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may hand us as a request id: short and plain, so it cannot forge log lines. */
const GOOD_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The levels at which a request's line (info) is written. */
const WRITES_INFO = new Set(['info', 'debug', 'trace']);

/** The paths load balancers and Prometheus poll every few seconds: logged at debug only. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One JSON line per request, when it is answered: method, url (capability parameters
 * blanked), route pattern, status, time in ms and the request id (`reqId`, on every line the
 * request logs). The "incoming request" line Fastify writes by default is dropped: it doubles
 * the log volume and the completed line says everything it said.
 */
class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The line is built only at a level that writes it (the bench's servers run at warn).
    if (!error && !WRITES_INFO.has(reply.log.level)) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (PROBE_PATHS.has(request.routeOptions.url ?? '')) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }
}

/**
 * Fastify's logging options: pino JSON at LOG_LEVEL with secrets redacted (lib/logger.ts, as
 * the worker logs), one line per request, and a request id per request. Behind a trusted proxy
 * (TRUST_PROXY) the proxy's `X-Request-Id` is kept so its logs and ours line up; otherwise a
 * random UUID (Fastify's default counter would repeat across servers and restarts).
 */
export function loggingOptions(
  config: Pick<AppConfig, 'logLevel' | 'trustProxy'>,
  stream?: DestinationStream,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  const trustHeader = config.trustProxy !== false;
  return {
    logger:
      config.logLevel === 'silent' && !stream
        ? false
        : { ...loggerOptions(config), ...(stream ? { stream } : {}) },
    logController: new RequestLogController(),
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const given = trustHeader ? req.headers[REQUEST_ID_HEADER] : undefined;
      return typeof given === 'string' && GOOD_REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}

/** Answers every request with its id, so a user's report or a proxy's log finds our lines. */
export function addRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
