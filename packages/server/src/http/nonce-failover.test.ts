import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { redisTestsWanted, startRedisServer, type TestRedis } from '../../test/redis-server';
import type { Database } from '../db/connection';
import { createRedisClient } from '../redis/redis-client';
import { createRedisLink, type RedisLink } from '../redis/redis-link';
import { failoverNonceStore, type FailoverNonceStore, type NonceFailoverTimings } from './nonce-failover';
import { createNonceRepo } from './nonce.repo';
import { databaseNonceStore, redisNonceStore } from './nonce-stores';

/**
 * Short timings, the same shape as the real ones: the fallback holds longer than any claim here
 * lives ({@link LIFE_MS}), as the real hold outlasts twice the signature window.
 */
const TIMINGS: NonceFailoverTimings = { tickMs: 100, settleMs: 400, holdMs: 8_000 };
const LIFE_MS = 7_000;

const nonce = () => `nonce-${randomBytes(9).toString('base64url')}`;
const life = () => Date.now() + LIFE_MS;

interface Server {
  link: RedisLink;
  store: FailoverNonceStore;
  stop(): void;
}

// Two servers over one database and one Redis of the test's own, which is killed, hung and
// started again empty, and lost by one server alone (decision 080): a nonce accepted once is
// refused on either server for as long as it lives, whatever happens to Redis in between.
describe.skipIf(!redisTestsWanted())('nonces in Redis with the database as fallback', () => {
  let database: Database;
  let redis: TestRedis;
  let a: Server;
  let b: Server;
  const prefix = `yk-nonce-${randomBytes(4).toString('hex')}:`;

  const server = async (): Promise<Server> => {
    const repo = createNonceRepo(database.db);
    const client = createRedisClient({ url: redis.url });
    const link = createRedisLink(client, pino({ level: 'silent' }), { probeMs: 100 });
    await link.start();
    const store = failoverNonceStore(
      link,
      redisNonceStore(client, prefix),
      {
        claim: databaseNonceStore(repo).claim,
        record: (claims) => repo.recordAll(claims),
        raiseFallback: (holdMs) => repo.raiseFallback(holdMs),
        fallbackRaised: () => repo.fallbackRaised(),
      },
      TIMINGS,
    );
    await store.start();
    const ticks = setInterval(() => void store.tick().catch(() => undefined), TIMINGS.tickMs);
    return {
      link,
      store,
      stop() {
        clearInterval(ticks);
        link.close();
        client.disconnect();
      },
    };
  };

  /** Waits for every server to be back on Redis: the fallback's hold has run out. */
  const backOnRedis = () =>
    vi.waitFor(() => expect([a.store.deciding, b.store.deciding]).toEqual(['redis', 'redis']), {
      timeout: 20_000,
      interval: 100,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startRedisServer();
    [a, b] = [await server(), await server()];
  }, 60_000);

  afterEach(async () => {
    if (redis && a && b) {
      for (const s of [a, b]) if (s.link.client.status === 'end') await s.link.client.connect();
      await backOnRedis();
    }
  }, 30_000);

  afterAll(async () => {
    a?.stop();
    b?.stop();
    await redis?.stop();
    await database?.close();
  });

  it('refuses on one server what the other claimed, through Redis', async () => {
    await backOnRedis();
    const n = nonce();
    expect(await a.store.claim(n, life())).toBe(true);
    expect(await b.store.claim(n, life())).toBe(false);
    expect(await a.link.client.exists(`${prefix}nonce:${n}`)).toBe(1);
  });

  it('refuses, once Redis is killed, a nonce Redis accepted a moment before', async () => {
    const before = nonce();
    expect(await a.store.claim(before, life())).toBe(true);
    // Killed before the copy's tick: the replay on the other server is the case to hold.
    await redis.kill();
    expect(await b.store.claim(before, life())).toBe(false);
    expect(await a.store.claim(before, life())).toBe(false);
    // The database alone decides now, on both.
    const during = nonce();
    expect(await b.store.claim(during, life())).toBe(true);
    expect(await a.store.claim(during, life())).toBe(false);

    // Back, and empty: what only the database knows is still refused while it lives.
    await redis.restart();
    await vi.waitFor(() => expect(a.link.up && b.link.up).toBe(true), { timeout: 15_000, interval: 50 });
    expect(await a.store.claim(during, life())).toBe(false);
    expect(await b.store.claim(before, life())).toBe(false);
    // New claims while the fallback holds are known to Redis too, for the way back.
    const after = nonce();
    expect(await a.store.claim(after, life())).toBe(true);
    expect(await a.link.client.exists(`${prefix}nonce:${after}`)).toBe(1);
    expect(await b.store.claim(after, life())).toBe(false);
  }, 30_000);

  it('refuses a replay while Redis hangs, and no claim waits on it for long', async () => {
    const before = nonce();
    expect(await a.store.claim(before, life())).toBe(true);
    redis.pause();
    try {
      const started = Date.now();
      expect(await b.store.claim(before, life())).toBe(false);
      // The command timeout, then the settle, once.
      expect(Date.now() - started).toBeLessThan(500 + TIMINGS.settleMs + 1_000);
      const during = nonce();
      const next = Date.now();
      expect(await a.store.claim(during, life())).toBe(true);
      expect(await b.store.claim(during, life())).toBe(false);
      expect(Date.now() - next).toBeLessThan(500 + TIMINGS.settleMs + 1_000);
    } finally {
      redis.resume();
    }
  }, 30_000);

  it('holds when one server alone loses Redis: the other claims in the database too until it is safe', async () => {
    const before = nonce();
    expect(a.store.deciding).toBe('redis');
    expect(await a.store.claim(before, life())).toBe(true);
    // b's connection alone is gone (a partition): a still reaches Redis.
    b.link.client.disconnect();
    await vi.waitFor(() => expect(b.link.up).toBe(false), { timeout: 5_000, interval: 20 });
    expect(a.link.up).toBe(true);
    expect(await b.store.claim(before, life())).toBe(false);
    const onlyInDatabase = nonce();
    expect(await b.store.claim(onlyInDatabase, life())).toBe(true);
    // a read b's flag during b's settle: it refuses what only the database knows.
    expect(a.store.deciding).toBe('database');
    expect(await a.store.claim(onlyInDatabase, life())).toBe(false);
    const onA = nonce();
    expect(await a.store.claim(onA, life())).toBe(true);
    expect(await b.store.claim(onA, life())).toBe(false);
  }, 30_000);

  it('goes back to Redis once the hold has run out, and the copies keep the database up to date', async () => {
    const n = nonce();
    expect(await b.store.claim(n, life())).toBe(true);
    expect(await b.link.client.exists(`${prefix}nonce:${n}`)).toBe(1);
    await vi.waitFor(
      async () => {
        const rows = await createNonceRepo(database.db).listUnexpired();
        expect(rows.map((row) => row.nonce)).toContain(n);
      },
      { timeout: 5_000, interval: 50 },
    );
  });
});
