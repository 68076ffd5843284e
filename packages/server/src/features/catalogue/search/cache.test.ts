import { randomBytes } from 'node:crypto';
import type { WorksListQuery } from '@yingku/contract';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { buildWorkLine, insertWorks } from '../../../../test/factories';
import { redisTestsWanted, startRedisServer, type TestRedis } from '../../../../test/redis-server';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/connection';
import { createRedisClient } from '../../../redis/redis-client';
import { createRedisLink, type RedisLink } from '../../../redis/redis-link';
import { createCatalogueAdminService } from '../../catalogue-admin/catalogue-admin.service';
import { createCatalogueService } from '../catalogue.service';
import { failoverSearchCache, memorySearchCache, redisSearchCache, type SearchCache } from './cache';

// The keyword search cache (decision 051): an answer through it always equals a search of the
// database as it is now, across imports, hides, changes of listed columns, from any writer;
// a like (which only moves a ranking's counter) keeps the cached answers.

let database: Database;
const TODAY = '2026-11-20';

beforeAll(async () => {
  database = await createTestDatabase();
  await insertWorks(
    database.db,
    Array.from({ length: 30 }, (_, i) =>
      buildWorkLine({
        number: `CACH-${String(i + 1).padStart(3, '0')}`,
        title: `${i % 2 ? '海边' : '山间'}的小屋 ${i}`,
        pubDate: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
        channel: i % 3 === 2 ? 'uncensored' : 'censored',
      }),
    ),
  );
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const KEYWORDS = ['海边', '山', '小屋 1', 'cach-01', 'CACH-007', '无此词'];
const QUERIES: WorksListQuery[] = KEYWORDS.flatMap((keyword) => [
  { keyword, modName: 'censored', date: 999, pageNum: 1, pageSize: 5, sort: 'pubTime' },
  { keyword, modName: 'censored', date: 999, pageNum: 2, pageSize: 5, sort: 'pubTime' },
  { keyword, date: 999, pageNum: 1, pageSize: 24, sort: 'collect' },
]) as WorksListQuery[];

/** The catalogue's service searching through `cache` (and the counters it keeps per version). */
const cachedService = (cache: SearchCache) =>
  createCatalogueService({ database, today: () => TODAY, searchCache: cache });

/**
 * Every query through the cache and straight from the database, twice through the cache. One
 * service across writes (`cached`) keeps its counters between them, as a server does.
 */
async function expectCachedEqualsFresh(cache: SearchCache, cached = cachedService(cache)) {
  const fresh = createCatalogueService({ database, today: () => TODAY });
  for (const query of QUERIES) {
    const want = await fresh.listWorks(query);
    expect(await cached.listWorks(query), JSON.stringify(query)).toEqual(want);
    expect(await cached.listWorks(query), JSON.stringify(query)).toEqual(want);
  }
}

const version = async () =>
  (await sql<{ version: string }>`SELECT version FROM catalogue_version`.execute(database.db)).rows[0]!
    .version;

/** Counts what reaches the store, so a test can see answers being reused. */
function counting(cache: SearchCache) {
  const counts = { hits: 0, sets: 0 };
  return {
    counts,
    cache: {
      get: async (key: string) => {
        const hit = await cache.get(key);
        if (hit) counts.hits += 1;
        return hit;
      },
      set: async (key: string, page: Parameters<SearchCache['set']>[1]) => {
        counts.sets += 1;
        await cache.set(key, page);
      },
    } satisfies SearchCache,
  };
}

function cacheSuite(name: string, makeCache: () => SearchCache) {
  describe(name, () => {
    it('answers as the database does, and reuses the answer', async () => {
      const { cache, counts } = counting(makeCache());
      await expectCachedEqualsFresh(cache);
      expect(counts.hits).toBe(QUERIES.length);
      expect(counts.sets).toBe(QUERIES.length);
    });

    it('follows an import, a re-import with a new title, and a hide, whoever writes them', async () => {
      const cache = makeCache();
      const cached = cachedService(cache);
      const expectFresh = () => expectCachedEqualsFresh(cache, cached);
      await expectFresh();
      const before = await version();
      // A new work, and one renamed so it now matches 海边: written as an import does.
      await insertWorks(database.db, [
        buildWorkLine({
          number: `CACH-N${randomBytes(2).toString('hex')}`,
          title: '海边 新来的',
          pubDate: '2026-11-01',
        }),
        buildWorkLine({ number: 'CACH-003', title: '海边的小屋 改名', pubDate: '2026-10-03' }),
      ]);
      expect(await version()).not.toBe(before);
      await expectFresh();
      // Hidden through the console's service, then a listed column straight in the table.
      const [{ id }] = (
        await sql<{ id: string }>`SELECT id FROM works WHERE number = 'CACH-002'`.execute(database.db)
      ).rows as [{ id: string }];
      await createCatalogueAdminService({ db: database.db, onChange: () => {} }).update(id, { hidden: true });
      await expectFresh();
      await sql`UPDATE works SET is_online = 1 WHERE number = 'CACH-004'`.execute(database.db);
      await expectFresh();
      await createCatalogueAdminService({ db: database.db, onChange: () => {} }).update(id, {
        hidden: false,
      });
      await expectFresh();
    });
  });
}

cacheSuite('the search cache in process', () => memorySearchCache(60_000));

// Runs where Redis is configured (CI sets REDIS_URL when one answers on 127.0.0.1:6379).
const url = process.env.REDIS_URL;
describe.skipIf(!url)('in Redis', () => {
  const redis = new Redis(url ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.disconnect());
  // A prefix of this run's own: other runs' entries (same versions, other data) stay apart.
  const prefix = `yingku-test-${randomBytes(6).toString('hex')}:`;
  cacheSuite('the search cache in Redis', () => redisSearchCache(redis, 60_000, prefix));
});

describe('the search cache', () => {
  it('keeps its answers when a like or a rating moves only a ranking counter', async () => {
    const before = await version();
    await sql`UPDATE works SET collect_count = collect_count + 1, review_heat = review_heat + 1
      WHERE number = 'CACH-005'`.execute(database.db);
    expect(await version()).toBe(before);
  });
});

// A Redis of the test's own that hangs and then dies under the cache (decision 080): every answer
// still equals the database's, and once Redis is known to be down it is not waited on.
describe.skipIf(!redisTestsWanted())('the search cache while Redis fails', () => {
  let redis: TestRedis;
  let link: RedisLink;
  beforeAll(async () => {
    redis = await startRedisServer();
    link = createRedisLink(createRedisClient({ url: redis.url }), pino({ level: 'silent' }));
    await link.start();
  }, 30_000);
  afterAll(async () => {
    link?.close();
    link?.client.disconnect();
    await redis?.stop();
  });

  it('answers from the database and this process, hung or gone, and from Redis again once back', async () => {
    const errors: string[] = [];
    link.onError((operation) => errors.push(operation));
    const prefix = `yingku-test-${randomBytes(6).toString('hex')}:`;
    const cache = failoverSearchCache(
      link,
      redisSearchCache(link.client, 60_000, prefix),
      memorySearchCache(60_000),
    );
    await expectCachedEqualsFresh(cache);
    redis.pause();
    try {
      await expectCachedEqualsFresh(cache);
      expect(link.up).toBe(false);
      expect(errors).toContain('search_cache');
    } finally {
      redis.resume();
    }
    await redis.kill();
    await expectCachedEqualsFresh(cache);
    await redis.restart();
    await vi.waitFor(() => expect(link.up).toBe(true), { timeout: 15_000, interval: 100 });
    await expectCachedEqualsFresh(cache);
    expect(await link.client.keys(`${prefix}search:*`)).not.toEqual([]);
  }, 60_000);
});

describe('SEARCH_CACHE_MS', () => {
  // Secrets given, so loading the config writes nothing into DATA_DIR.
  const env = {
    DATA_DIR: 'memory://',
    JWT_SECRET: 'x'.repeat(32),
    SANDBOX_PAY_KEY: 'y'.repeat(16),
    MEDIA_SIGNING_KEYS: `k1:${'z'.repeat(32)}`,
    TWO_FACTOR_KEY: 'ab'.repeat(32),
  };
  it('is 60 s unless set (an empty value is unset), 0 turns it off, and nonsense stops the start naming it', () => {
    expect(loadConfig(env).searchCacheMs).toBe(60_000);
    expect(loadConfig({ ...env, SEARCH_CACHE_MS: '' }).searchCacheMs).toBe(60_000);
    expect(loadConfig({ ...env, SEARCH_CACHE_MS: '0' }).searchCacheMs).toBe(0);
    for (const bad of ['-1', '6\u00000', '1e99', '9'.repeat(10_000), 'soon', '1.5'])
      expect(() => loadConfig({ ...env, SEARCH_CACHE_MS: bad }), bad).toThrow(/SEARCH_CACHE_MS/);
  });
});
