import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { createTestDatabase } from '../../../test/db';
import { insertUser } from '../../../test/users';
import { databaseStreamSlots, redisStreamSlots, SLOT_SECONDS, type StreamSlots } from './stream-slots';

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
