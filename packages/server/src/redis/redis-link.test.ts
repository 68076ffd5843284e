import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines } from '../../test/log-lines';
import { redisTestsWanted, startRedisServer, type TestRedis } from '../../test/redis-server';
import { createRedisClient, REDIS_COMMAND_TIMEOUT_MS } from './redis-client';
import { createRedisLink, type RedisLink, type RedisOperation } from './redis-link';

/** Polls `check` until it holds, at most `ms`. */
async function eventually(check: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A call through the link: 'redis' when Redis answered it, 'fallback' otherwise, and how long. */
async function call(link: RedisLink): Promise<{ by: string; ms: number }> {
  const started = Date.now();
  const by = await link.run(
    'nonce',
    async () => {
      await link.client.set('yingku-link-test', '1');
      return 'redis';
    },
    () => 'fallback',
  );
  return { by, ms: Date.now() - started };
}

// A real redis-server this test owns, killed and stopped under a link (decision 080).
describe.skipIf(!redisTestsWanted())('the Redis link', () => {
  let redis: TestRedis;
  let link: RedisLink;
  const log = logLines();
  const errors: RedisOperation[] = [];
  const changes: boolean[] = [];
  const redisLines = () => log.lines.filter((line) => line.redis !== undefined);

  beforeAll(async () => {
    redis = await startRedisServer();
    const client = createRedisClient({ url: redis.url });
    link = createRedisLink(client, pino({ level: 'info' }, log.stream), { probeMs: 200 });
    link.onError((operation) => errors.push(operation));
    await link.start();
    link.onChange((up) => changes.push(up));
  }, 30_000);

  afterAll(async () => {
    link?.close();
    link?.client.disconnect();
    await redis?.stop();
  });

  it('is up after the start, and calls go to Redis', async () => {
    expect(link.up).toBe(true);
    expect((await call(link)).by).toBe('redis');
    expect(redisLines()).toEqual([]);
  });

  it('goes down when Redis is killed, serving every call from the fallback at once, and says so once', async () => {
    await redis.kill();
    await eventually(() => !link.up);
    for (let i = 0; i < 20; i += 1) {
      const answer = await call(link);
      expect(answer.by).toBe('fallback');
      expect(answer.ms).toBeLessThan(50);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(redisLines().map((line) => [line.redis, line.level])).toEqual([['down', 40]]);
    expect(changes).toEqual([false]);
  });

  it('comes back by itself when Redis is started again, and says so once', async () => {
    await redis.restart();
    await eventually(() => link.up);
    expect((await call(link)).by).toBe('redis');
    const lines = redisLines();
    expect(lines.map((line) => [line.redis, line.level])).toEqual([
      ['down', 40],
      ['up', 30],
    ]);
    expect(lines[1]!.downMs).toBeGreaterThan(0);
    expect(changes).toEqual([false, true]);
  });

  it('gives up on a Redis that hangs within the command timeout, then waits on it no more', async () => {
    log.lines.length = 0;
    errors.length = 0;
    redis.pause();
    try {
      const first = await call(link);
      expect(first.by).toBe('fallback');
      expect(first.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 300);
      expect(link.up).toBe(false);
      expect(errors).toContain('nonce');
      const next = await call(link);
      expect(next).toMatchObject({ by: 'fallback' });
      expect(next.ms).toBeLessThan(50);
      // Probes go on failing while it hangs: no more lines for them.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(redisLines().map((line) => line.redis)).toEqual(['down']);
      expect(errors.filter((operation) => operation === 'ping').length).toBeGreaterThan(0);
    } finally {
      redis.resume();
    }
    await eventually(() => link.up);
    expect((await call(link)).by).toBe('redis');
    expect(redisLines().map((line) => line.redis)).toEqual(['down', 'up']);
  }, 30_000);

  it('starts down, and says so, when Redis is not there at start; then comes up by itself', async () => {
    await redis.kill();
    const lines = logLines();
    const client = createRedisClient({ url: redis.url });
    const late = createRedisLink(client, pino({ level: 'info' }, lines.stream), {
      probeMs: 200,
      firstContactMs: 500,
    });
    try {
      await late.start();
      expect(late.up).toBe(false);
      expect((await call(late)).by).toBe('fallback');
      await redis.restart();
      await eventually(() => late.up);
      expect(lines.lines.filter((line) => line.redis !== undefined).map((line) => line.redis)).toEqual([
        'down',
        'up',
      ]);
    } finally {
      late.close();
      client.disconnect();
    }
  }, 30_000);
});
