import type { FastifyInstance } from 'fastify';

/**
 * Runs a background task every `ms` while the app is open (sweeps of expired rows, uploads…): the
 * timer keeps no process alive and stops when the app closes; a failure is logged as `what`
 * failed, and the next round runs as planned.
 */
export function every(app: FastifyInstance, ms: number, what: string, task: () => Promise<unknown>): void {
  const timer = setInterval(() => {
    task().catch((err: unknown) => app.log.warn({ err }, `${what} failed`));
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
