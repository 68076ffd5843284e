import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import type { Database } from './db/connection';
import { createLifecycle, READY_PATH } from './http/health';
import { silentLogger } from './lib/logger';
import { createShutdown } from './shutdown';
import { createTestDatabase } from '../test/db';

// One database for the file: each test builds its own app (and closes it) on top of it.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A listening app with a route that answers after `ms`, to stand for a request in flight. */
async function slowApp(ms: number) {
  const lifecycle = createLifecycle();
  const app = await buildApp({ config: testConfig(), database, lifecycle });
  app.get('/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, lifecycle, port };
}

/** A real HTTP GET (not inject): its status and body, once the answer has arrived. */
function httpGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('turns readiness 503 first, finishes requests in flight, closes resources, exits 0', async () => {
    const { app, lifecycle, port } = await slowApp(600);
    const exit = vi.fn();
    const closeResources = vi.fn(async () => undefined);
    const shutdown = createShutdown({
      app,
      lifecycle,
      drainMs: 300,
      timeoutMs: 5_000,
      closeResources,
      exit,
      log: silentLogger,
    });

    const inFlight = httpGet(port, '/test/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const done = shutdown('SIGTERM');
    // During the drain the server still serves, but tells the load balancer to stop sending.
    const ready = await httpGet(port, READY_PATH);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
    expect(exit).not.toHaveBeenCalled();

    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
    await done;
    expect(closeResources).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('exits 1 at once on a second signal, and the first shutdown then stops', async () => {
    const { app, lifecycle } = await slowApp(10);
    const exit = vi.fn();
    const closeResources = vi.fn(async () => undefined);
    const shutdown = createShutdown({
      app,
      lifecycle,
      drainMs: 500,
      timeoutMs: 5_000,
      closeResources,
      exit,
      log: silentLogger,
    });
    const first = shutdown('SIGTERM');
    await shutdown('SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
    await first;
    expect(exit).toHaveBeenCalledTimes(1);
    expect(closeResources).not.toHaveBeenCalled();
    await app.close();
  });

  it('exits 1 when closing takes longer than the timeout', async () => {
    const { app, lifecycle } = await slowApp(10);
    const exit = vi.fn();
    const shutdown = createShutdown({
      app,
      lifecycle,
      drainMs: 0,
      timeoutMs: 1_000,
      closeResources: () => new Promise<void>((resolve) => setTimeout(resolve, 1_500)),
      exit,
      log: silentLogger,
    });
    await shutdown('SIGTERM');
    expect(exit).toHaveBeenCalledWith(1);
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
