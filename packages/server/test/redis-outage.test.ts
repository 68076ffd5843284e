import { randomBytes } from 'node:crypto';
import { API, API_BASE, SERVER_MSG, signRequest } from '@yingku/contract';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisClient } from '../src/redis/redis-client';
import { FLOOD_LIMITS } from '../src/http/flood-limits';
import { createTestApp, type TestApp } from './app';
import { logLines } from './log-lines';
import { redisTestsWanted, startRedisServer, type TestRedis } from './redis-server';

/** The longest a signed call may take while Redis goes: a command timeout, then the settle, once. */
const WORST_CALL_MS = 4_000;

// The whole app (PGlite, or PostgreSQL with DATABASE_URL) over a Redis of the test's own, which
// is killed, started again empty, and hung (decision 080): signed calls go on answering, a
// replayed nonce is refused throughout, flood limits hold, and the log says each change once.
describe.skipIf(!redisTestsWanted())('a Redis outage under a running app', () => {
  let redis: TestRedis;
  let client: Redis;
  let t: TestApp;
  const log = logLines();
  const keyPrefix = `yk-outage-${randomBytes(4).toString('hex')}:`;
  /** Nonces answered so far, each to be refused again whatever Redis does. */
  const answered: Array<Record<string, string>> = [];

  /** A signed list call with these headers (a fresh signature by default): status and time. */
  const list = async (
    headers = signRequest({ params: {}, secret: t.config.signSecret, appId: t.config.appId }),
  ) => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${API.worksList}`, headers });
    if (res.statusCode === 200) answered.push(headers);
    return {
      status: res.statusCode,
      body: res.json() as { code: number; msg: string },
      ms: Date.now() - started,
    };
  };

  const expectEveryReplayRefused = async () => {
    for (const headers of answered.splice(0)) {
      const replay = await list(headers);
      expect(replay.body).toEqual({ code: 400, msg: SERVER_MSG.signatureReplayed });
      answered.push(headers);
    }
  };

  const metric = async (series: string): Promise<number> => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return Number(line?.split(' ')[1]);
  };

  const redisLines = () =>
    log.lines.filter((line) => line.redis !== undefined).map((line) => line.redis as string);

  /** Register calls refused for their form count against the register flood limit. */
  const register = () =>
    t.send('POST', API.register, { userName: 'abc', password: 'x', confirmPassword: 'x', email: 'x' });

  beforeAll(async () => {
    redis = await startRedisServer();
    client = createRedisClient({ url: redis.url });
    t = await createTestApp(
      { floodLimits: true, redisKeyPrefix: keyPrefix, logLevel: 'info' },
      { redis: client, logStream: log.stream },
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    client?.disconnect();
    await redis?.stop();
  });

  it('serves on Redis: nonces and flood counts are there', async () => {
    expect((await list()).status).toBe(200);
    await expectEveryReplayRefused();
    expect((await register()).statusCode).toBe(400);
    // The list call's nonce and the register call's.
    expect(await client.keys(`${keyPrefix}nonce:*`)).toHaveLength(2);
    expect(await client.keys(`${keyPrefix}flood:*`)).toHaveLength(1);
    expect(await metric('yingku_redis_up')).toBe(1);
    expect(redisLines()).toEqual([]);
  });

  it('goes on when Redis is killed: calls answered, replays refused, limits held, said once', async () => {
    // Answered by Redis a moment before it dies, not yet copied to the database.
    expect((await list()).status).toBe(200);
    await redis.kill();
    await expectEveryReplayRefused();
    for (let i = 0; i < 10; i += 1) {
      const answer = await list();
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(WORST_CALL_MS);
    }
    await expectEveryReplayRefused();
    // The register limit is counted afresh where it is without Redis, and holds.
    for (let i = 0; i < FLOOD_LIMITS.register.max; i += 1) expect((await register()).statusCode).toBe(400);
    expect((await register()).json()).toEqual({ code: 429, msg: SERVER_MSG.tooManyRequests });

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', redis: 'error' } });
    expect(await metric('yingku_redis_up')).toBe(0);
    expect(redisLines()).toEqual(['down']);
  }, 60_000);

  it('comes back by itself when Redis is started again, empty, and still refuses every replay', async () => {
    await redis.restart();
    await vi.waitFor(async () => expect(await metric('yingku_redis_up')).toBe(1), {
      timeout: 15_000,
      interval: 100,
    });
    await expectEveryReplayRefused();
    expect((await list()).status).toBe(200);
    await expectEveryReplayRefused();
    expect(redisLines()).toEqual(['down', 'up']);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ checks: { redis: 'ok' } });
  }, 60_000);

  it('waits on a hung Redis once, briefly, counts the failures, and comes back when it answers', async () => {
    redis.pause();
    try {
      for (let i = 0; i < 10; i += 1) {
        const answer = await list();
        expect(answer.status).toBe(200);
        expect(answer.ms).toBeLessThan(WORST_CALL_MS);
      }
      await expectEveryReplayRefused();
      expect(await metric('yingku_redis_errors_total{operation="nonce"}')).toBeGreaterThan(0);
      expect(await metric('yingku_redis_up')).toBe(0);
    } finally {
      redis.resume();
    }
    await vi.waitFor(async () => expect(await metric('yingku_redis_up')).toBe(1), {
      timeout: 15_000,
      interval: 100,
    });
    expect((await list()).status).toBe(200);
    await expectEveryReplayRefused();
    expect(redisLines()).toEqual(['down', 'up', 'down', 'up']);
  }, 60_000);
});
