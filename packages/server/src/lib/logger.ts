import type { FastifyBaseLogger } from 'fastify';
import { type LoggerOptions, pino } from 'pino';
import { traceFields, tracingOn } from '../telemetry/tracing';

/**
 * The one logger the server's parts are handed: pino's, as Fastify makes it (`app.log`,
 * `request.log`), or as {@link createLogger} makes it for a process without a web server (the
 * transcode worker). Structured: `log.warn({ mediaId }, 'transcode failed')`.
 */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug' | 'child'>;

/**
 * Never written to a log, wherever they turn up: tokens in headers, passwords in bodies. The
 * server's per-request line logs no headers or bodies at all; this catches a `log.info({ req })`
 * or `{ body }` someone adds later.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["refresh-token"]',
  'headers.authorization',
  'headers.cookie',
  'headers["refresh-token"]',
  'body.password',
  'body.confirmPassword',
  'password',
  'confirmPassword',
  'accessToken',
  'refreshToken',
  '*.password',
  '*.confirmPassword',
  '*.accessToken',
  '*.refreshToken',
];

/**
 * pino's options, the server's and the worker's alike: JSON at LOG_LEVEL, secrets redacted. While
 * tracing runs (decision 081), every line written inside a span carries its `traceId` and
 * `spanId` — a request's lines, its completion line included, and a job's — so a slow request's
 * line leads to its trace; without tracing no mixin runs at all.
 */
export function loggerOptions(config: { logLevel: string }): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(tracingOn() ? { mixin: traceFields } : {}),
  };
}

/** A pino logger with the server's options, for a process that has no Fastify to make one. */
export function createLogger(config: { logLevel: string }): Logger {
  return pino(loggerOptions(config));
}

/** Writes nothing: for the CLI's short runs and for tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
