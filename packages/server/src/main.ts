/**
 * `npm start`'s process (dist/main.js; under tsx in development and tests). Only what must come
 * before the server's modules load happens here: the settings are parsed, and tracing starts when
 * a collector is configured (decision 081) — its instrumentations patch fastify, pg and ioredis
 * as they are imported, so the server (server-process.ts) is imported afterwards, dynamically.
 * Without a collector nothing of OpenTelemetry loads.
 */
import { ConfigError, loadConfig } from './config';
import { startTracing } from './telemetry/tracing';

try {
  const config = loadConfig();
  await startTracing(config.tracing, 'yingku-server');
  const { runServer } = await import('./server-process');
  // "ready in" counts from here, as before: opening the database to listening, not loading code.
  await runServer(config, Date.now());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
