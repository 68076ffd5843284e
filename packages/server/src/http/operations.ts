import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/connection';
import { createFloodCountersRepo } from './flood-counters.repo';
import { addFloodLimits } from './flood-limits';
import { addHealthRoutes, createLifecycle, type Lifecycle } from './health';
import { addRequestIdHeader } from './logging';
import { addMetrics, type AppMetrics } from './metrics';
import { every } from '../lib/every';
import type { RedisLink } from '../redis/redis-link';

export interface OperationsDeps {
  config: AppConfig;
  database: Database;
  readDatabase?: Database | undefined;
  /** With Redis: flood counts there while it answers; readiness and metrics report it. */
  redis?: RedisLink | undefined;
  lifecycle?: Lifecycle | undefined;
}

/** How often spent flood counters are swept from PostgreSQL. */
const SWEEP_MS = 60_000;

/**
 * What running many instances needs, outside /prod-api and before any feature registers:
 * request ids on answers, /healthz and /readyz, /metrics, and flood limits counted where every
 * instance sees them (Redis, else PostgreSQL; only PGlite, one process by nature, counts here).
 * With Redis, PostgreSQL (or this process, on PGlite) counts while Redis does not answer
 * (decision 080).
 */
export async function addOperations(
  app: FastifyInstance,
  { config, database, readDatabase, redis, lifecycle = createLifecycle() }: OperationsDeps,
): Promise<{ metrics: AppMetrics; lifecycle: Lifecycle }> {
  addRequestIdHeader(app);
  const metrics = addMetrics(app, { token: config.metricsToken });
  if (redis) metrics.watchRedis(redis);
  addHealthRoutes(app, { lifecycle, database, readDatabase, redis });

  const counters = database.kind === 'postgres' ? createFloodCountersRepo(database.db) : undefined;
  await addFloodLimits(app, {
    redis: redis ? { link: redis, keyPrefix: config.redisKeyPrefix } : undefined,
    database: counters,
  });
  if (counters) {
    every(app, SWEEP_MS, 'flood counter sweep', () => counters.deleteExpired());
  }
  return { metrics, lifecycle };
}
