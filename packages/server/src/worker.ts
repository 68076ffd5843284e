/**
 * `npm run worker`'s process (dist/worker.js). As main.ts does for the server: the settings are
 * parsed and tracing starts when a collector is configured (decision 081) before the worker's
 * modules — pg-boss, pg, fastify — are imported, dynamically, from worker-process.ts.
 */
import { ConfigError, loadConfig } from './config';
import { startTracing } from './telemetry/tracing';

try {
  const config = loadConfig();
  await startTracing(config.tracing, 'yingku-worker');
  const { runWorker } = await import('./worker-process');
  await runWorker(config);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
