import type { FastifyInstance } from 'fastify';
import type { Logger } from './lib/logger';
import type { Lifecycle } from './http/health';

export interface ShutdownOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** How long readiness answers 503 while requests are still served (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** How long in-flight requests and closing may take after the drain (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Closes what the app does not own: Redis, the database pools. */
  closeResources: () => Promise<void>;
  /** process.exit in server-process.ts; a spy in tests. */
  exit: (code: number) => void;
  log: Logger;
}

/**
 * The graceful shutdown server-process.ts runs on SIGTERM or SIGINT:
 * 1. readiness turns 503, so the load balancer stops sending new requests; requests still in
 *    flight or already on their way are served for `drainMs`, each answer closing its keep-alive
 *    connection (health.ts) so clients move to a new one; the drain ends early once no
 *    request has come for {@link QUIET_MS}, so an idle server (or a Ctrl-C at a terminal)
 *    stops within a second;
 * 2. the server stops accepting connections and waits for in-flight requests to finish
 *    (Fastify's close; idle keep-alive connections are closed at once);
 * 3. Redis and the databases close, and the process exits 0.
 * A second signal, or steps 2–3 taking longer than `timeoutMs`, exits 1 at once.
 */
export function createShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { app, lifecycle, drainMs, timeoutMs, closeResources, exit, log } = options;
  let started = false;
  let done = false;
  const finish = (code: number) => {
    if (done) return;
    done = true;
    exit(code);
  };

  return async (signal) => {
    if (started) {
      log.warn({ signal }, 'second signal: exiting now');
      finish(1);
      return;
    }
    started = true;
    log.info({ signal, drainMs, timeoutMs }, 'shutting down: readiness is 503, draining');
    lifecycle.startDraining();
    await drain(lifecycle, drainMs);
    if (done) return;

    const force = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown timed out: exiting with requests unfinished');
      finish(1);
    }, timeoutMs);
    force.unref();
    try {
      await app.close();
      await closeResources();
      log.info('shut down cleanly');
      finish(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      finish(1);
    } finally {
      clearTimeout(force);
    }
  };
}

/** How often the drain looks whether the server has gone quiet. */
const DRAIN_CHECK_MS = 50;
/**
 * A drain may end early after this long without a request. (Not at the first moment with no
 * connection open: clients whose keep-alive connection the drain has just closed are
 * reconnecting then, and their new connections wait in the kernel's queue, not yet counted.)
 */
export const QUIET_MS = 1_000;

/** Waits `ms`, or until no request has arrived for {@link QUIET_MS}, whichever comes first. */
async function drain(lifecycle: Lifecycle, ms: number): Promise<void> {
  const started = Date.now();
  const until = started + ms;
  const quiet = () => Date.now() - Math.max(started, lifecycle.lastRequestAt) >= QUIET_MS;
  while (Date.now() < until && !quiet()) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(DRAIN_CHECK_MS, until - Date.now())));
  }
}
