import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/connection';
import type { RedisLink } from '../redis/redis-link';

/** Liveness: the process is up and its event loop turns. */
export const HEALTH_PATH = '/healthz';
/** Readiness: send traffic here — the databases answer and no shutdown has begun. */
export const READY_PATH = '/readyz';

/** A dependency slower than this is as good as down for a load balancer's check. */
const CHECK_TIMEOUT_MS = 2_000;

/** Whether the server has begun to shut down; server-process.ts flips it on SIGTERM/SIGINT. */
export interface Lifecycle {
  readonly draining: boolean;
  /** Readiness answers 503 from now on; requests are still served (the drain). */
  startDraining(): void;
  /** When the last request arrived (epoch ms), so a drain can tell a quiet server. */
  readonly lastRequestAt: number;
  /** Notes a request arriving (an onRequest hook of the app). */
  requestArrived(): void;
}

/** A lifecycle that starts serving. */
export function createLifecycle(): Lifecycle {
  let draining = false;
  let lastRequestAt = 0;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    get lastRequestAt() {
      return lastRequestAt;
    },
    requestArrived() {
      lastRequestAt = Date.now();
    },
  };
}

export interface HealthDeps {
  lifecycle: Lifecycle;
  database: Database;
  /** The catalogue's read replica, when DATABASE_READ_URL is set. */
  readDatabase?: Database | undefined;
  /** Reported, never a reason to take the server out: it serves without Redis (decision 080). */
  redis?: RedisLink | undefined;
}

type CheckResult = 'ok' | 'error';

/**
 * `GET /healthz` always 200 while the process runs (restart it when this fails);
 * `GET /readyz` 200 when every database answers within {@link CHECK_TIMEOUT_MS}, 503 when one
 * does not or the server is draining (take it out of the load balancer, do not restart it).
 * Redis is reported beside them but does not count: every server serves from the database while
 * Redis is away, and taking them all out for it would turn a degraded site into none
 * (decision 080). Both outside /prod-api and unsigned; they name which check failed, never why
 * (no addresses or error texts leave).
 */
export function addHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  const { lifecycle } = deps;
  // Draining: also stop when Fastify closes, e.g. an app closed by a test or by server-process.ts.
  app.addHook('preClose', async () => lifecycle.startDraining());
  app.addHook('onRequest', async () => lifecycle.requestArrived());
  // While draining, each answer ends its keep-alive connection: the client's next request
  // opens a new one, which the load balancer sends elsewhere, and the close does not wait
  // for idle connections until their keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  app.get(HEALTH_PATH, { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get(READY_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    const checks = await runChecks(deps);
    const ready = Object.entries(checks).every(([name, result]) => name === 'redis' || result === 'ok');
    if (!ready) request.log.warn({ checks }, 'not ready');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
}

async function runChecks({
  database,
  readDatabase,
  redis,
}: HealthDeps): Promise<Record<string, CheckResult>> {
  const ping = (db: Database) => () => sql`SELECT 1`.execute(db.db);
  const checks: Array<[string, () => Promise<unknown>]> = [['database', ping(database)]];
  if (readDatabase) checks.push(['readDatabase', ping(readDatabase)]);
  // Through the link: a Redis known to be down is not asked again (its probe does that).
  if (redis) {
    checks.push([
      'redis',
      () =>
        redis.run(
          'ping',
          () => redis.client.ping(),
          () => Promise.reject(new Error('Redis is down')),
        ),
    ]);
  }
  const results = await Promise.all(
    checks.map(async ([name, check]) => [name, await within(check)] as const),
  );
  return Object.fromEntries(results);
}

/** 'ok' when `check` succeeds within the timeout, else 'error'. */
async function within(check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('error'), CHECK_TIMEOUT_MS);
  });
  const run = check().then(
    (): CheckResult => 'ok',
    (): CheckResult => 'error',
  );
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
