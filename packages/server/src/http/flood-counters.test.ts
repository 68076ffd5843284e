import { randomBytes } from 'node:crypto';
import { API, API_BASE, SERVER_MSG, signRequest } from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/connection';
import { createFloodCountersRepo } from './flood-counters.repo';
import { FLOOD_LIMITS } from './flood-limits';

describe('flood counters in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts hits in a window and starts a new window once it has passed', async () => {
    const repo = createFloodCountersRepo(database.db);
    const key = `test:${randomBytes(6).toString('hex')}`;
    const first = await repo.hit(key, 60_000);
    expect(first.hits).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(55_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await repo.hit(key, 60_000)).hits).toBe(2);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => repo.hit(key, 60_000)));
    expect(parallel.map((r) => r.hits).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

    await sql`UPDATE flood_counters SET resets_at = now() - interval '1 second' WHERE key = ${key}`.execute(
      database.db,
    );
    expect(await repo.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect((await repo.hit(key, 60_000)).hits).toBe(1);
  });
});

// Two apps over one PostgreSQL database stand for two servers: without Redis their flood
// counts must still add up (on PGlite, one process by nature, each app counts for itself).
describe.skipIf(!process.env.DATABASE_URL)(
  'flood limits across instances on PostgreSQL without Redis',
  () => {
    const config = testConfig({ floodLimits: true });
    let database: Database;
    let apps: FastifyInstance[];
    beforeAll(async () => {
      database = await createTestDatabase();
      apps = [await buildApp({ config, database }), await buildApp({ config, database })];
      await Promise.all(apps.map((app) => app.ready()));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database.close();
    });

    it(`refuses the ${FLOOD_LIMITS.captcha.max + 1}st captcha of one address, whichever instance counts it`, async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= FLOOD_LIMITS.captcha.max; i += 1) {
        const res = await apps[i % 2]!.inject({
          method: 'GET',
          url: `${API_BASE}${API.captcha}`,
          headers: signRequest({ params: {}, secret: config.signSecret, appId: config.appId }),
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429)
          expect(res.json()).toEqual({ code: 429, msg: SERVER_MSG.tooManyRequests });
      }
      expect(statuses.slice(0, FLOOD_LIMITS.captcha.max)).toEqual(Array(FLOOD_LIMITS.captcha.max).fill(200));
      expect(statuses.at(-1)).toBe(429);
    });
  },
);
