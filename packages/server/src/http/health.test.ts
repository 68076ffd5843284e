import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createLifecycle, HEALTH_PATH, READY_PATH } from './health';

describe('health and readiness', () => {
  let t: TestApp;
  const lifecycle = createLifecycle();

  beforeAll(async () => {
    t = await createTestApp({}, { lifecycle });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz while the process runs, unsigned and outside /prod-api', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: READY_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers /readyz 503 once draining, while /healthz and the API still answer', async () => {
    lifecycle.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: READY_PATH });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: HEALTH_PATH })).statusCode).toBe(200);
    expect((await t.get('/v2/works/detail/list')).statusCode).toBe(200);
  });
});

describe('readiness while closing and when the database is gone', () => {
  it('counts as draining once the app begins to close, however the close began', async () => {
    const lifecycle = createLifecycle();
    const t = await createTestApp({}, { lifecycle });
    // (Fastify refuses inject() once closing; the drain before the close, with readiness 503
    // and requests still served, is tested through the shutdown in src/shutdown.test.ts.)
    await t.app.close();
    expect(lifecycle.draining).toBe(true);
    await t.database.close();
  });

  it('names the failing check with 503 when the database does not answer', async () => {
    const t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: READY_PATH });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'error' } });
    // Closing flushes nonces to the database that is gone: that failure is expected here.
    await t.app.close().catch(() => undefined);
  });
});
