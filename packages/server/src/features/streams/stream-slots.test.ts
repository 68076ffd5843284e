import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/connection';
import { createTestDatabase } from '../../../test/db';
import { redisTestsWanted, startRedisServer, type TestRedis } from '../../../test/redis-server';
import { insertUser } from '../../../test/users';
import { createRedisClient } from '../../redis/redis-client';
import { createRedisLink, type RedisLink } from '../../redis/redis-link';
import {
  databaseStreamSlots,
  failoverStreamSlots,
  redisStreamSlots,
  SLOT_SECONDS,
  type StreamSlots,
} from './stream-slots';

/** The same rules, whichever store keeps the places; `age` makes a device's last beat old. */
function slotRules(
  name: string,
  setUp: () => Promise<{
    slots: StreamSlots;
    newUser(): Promise<string>;
    age(userId: string, sessionId: string): Promise<void>;
  }>,
) {
  describe(name, () => {
    let store: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      store = await setUp();
    });
    const device = (userId: string) => ({ userId, sessionId: randomUUID(), workId: '1' });

    it('lets an account stream on `limit` devices, keeps them, and refuses one more', async () => {
      const user = await store.newUser();
      const [a, b, c] = [device(user), device(user), device(user)];
      expect(await store.slots.claim(a, 2)).toBe(true);
      expect(await store.slots.claim(b, 2)).toBe(true);
      expect(await store.slots.claim(c, 2)).toBe(false);
      // A device that holds a place keeps it (a renewal, a beat), on another work too.
      expect(await store.slots.claim({ ...a, workId: '2' }, 2)).toBe(true);
      expect(await store.slots.claim(b, 2)).toBe(true);
      // Another account is not counted.
      expect(await store.slots.claim(device(await store.newUser()), 2)).toBe(true);
    });

    it('frees a place at once when the device stops, and after SLOT_SECONDS without a beat', async () => {
      const user = await store.newUser();
      const [a, b, c] = [device(user), device(user), device(user)];
      await store.slots.claim(a, 2);
      await store.slots.claim(b, 2);
      await store.slots.release(user, a.sessionId);
      expect(await store.slots.claim(c, 2)).toBe(true);
      expect(await store.slots.claim(a, 2)).toBe(false);
      await store.age(user, b.sessionId);
      expect(await store.slots.claim(a, 2)).toBe(true);
      // The silent one finds its place taken.
      expect(await store.slots.claim(b, 2)).toBe(false);
    });

    it('gives out exactly `limit` places among devices claiming at once', async () => {
      const user = await store.newUser();
      const results = await Promise.all(Array.from({ length: 8 }, () => store.slots.claim(device(user), 2)));
      expect(results.filter(Boolean)).toHaveLength(2);
    });

    it('counts the devices streaming now', async () => {
      const before = await store.slots.active();
      const user = await store.newUser();
      const a = device(user);
      await store.slots.claim(a, 3);
      await store.slots.claim(device(user), 3);
      expect(await store.slots.active()).toBe(before + 2);
      await store.slots.release(user, a.sessionId);
      expect(await store.slots.active()).toBe(before + 1);
    });
  });
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

slotRules('stream places in the database', async () => ({
  slots: databaseStreamSlots(database.db),
  newUser: async () => (await insertUser(database.db)).id,
  async age(userId, sessionId) {
    await sql`UPDATE stream_slots SET beat_at = now() - make_interval(secs => ${SLOT_SECONDS + 1})
      WHERE user_id = ${userId} AND session_id = ${sessionId}`.execute(database.db);
  },
}));

// Runs where Redis is configured (CI sets REDIS_URL when one answers on 127.0.0.1:6379).
const url = process.env.REDIS_URL;
describe.skipIf(!url)('in Redis', () => {
  const redis = new Redis(url ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const prefix = `yingku-test-${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  let users = 0;
  slotRules('stream places in Redis', async () => ({
    slots: redisStreamSlots(redis, prefix),
    newUser: async () => String(9_000_000 + (users += 1)),
    async age(userId, sessionId) {
      const old = Date.now() - (SLOT_SECONDS + 1) * 1000;
      await redis.zadd(`${prefix}streams:${userId}`, old, sessionId);
      await redis.zadd(`${prefix}streams:active`, old, `${userId}:${sessionId}`);
    },
  }));
});

// A Redis of the test's own, killed under the places (decision 080): the database keeps them,
// the account's limit holds there, and Redis has them again once it is back.
describe.skipIf(!redisTestsWanted())('in Redis, with the database while Redis is down', () => {
  let redis: TestRedis;
  let link: RedisLink;
  beforeAll(async () => {
    redis = await startRedisServer();
    link = createRedisLink(createRedisClient({ url: redis.url }), pino({ level: 'silent' }), {
      probeMs: 100,
    });
    await link.start();
  }, 30_000);
  afterAll(async () => {
    link?.close();
    link?.client.disconnect();
    await redis?.stop();
  });

  it('keeps the limit through an outage, each store counting what it was told', async () => {
    const prefix = `yingku-test-${randomUUID()}:`;
    const slots = failoverStreamSlots(
      link,
      redisStreamSlots(link.client, prefix),
      databaseStreamSlots(database.db),
    );
    const user = (await insertUser(database.db)).id;
    const device = () => ({ userId: user, sessionId: randomUUID(), workId: '1' });
    const [a, b, c] = [device(), device(), device()];
    expect(await slots.claim(a, 2)).toBe(true);
    expect(await link.client.zcard(`${prefix}streams:${user}`)).toBe(1);

    await redis.kill();
    // a's next report takes its place in the database; the limit holds there.
    expect(await slots.claim(a, 2)).toBe(true);
    expect(await slots.claim(b, 2)).toBe(true);
    expect(await slots.claim(c, 2)).toBe(false);
    expect(await slots.active()).toBeGreaterThanOrEqual(2);

    await redis.restart();
    await vi.waitFor(() => expect(link.up).toBe(true), { timeout: 15_000, interval: 50 });
    // Redis came back empty: the playing devices take their places again at their next report.
    expect(await slots.claim(a, 2)).toBe(true);
    expect(await slots.claim(b, 2)).toBe(true);
    expect(await slots.claim(c, 2)).toBe(false);
    expect(await link.client.zcard(`${prefix}streams:${user}`)).toBe(2);
  }, 30_000);
});
