import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { createTestDatabase } from '../../../test/db';
import { createGuardRepo } from './guard.repo';
import { createLoginLimiter, LOGIN_LIMITS, type LoginLimiter } from './login-limits';
import { createSessionRepo } from './session.repo';

let database: Database;
let limiter: LoginLimiter;

beforeAll(async () => {
  database = await createTestDatabase();
  limiter = createLoginLimiter(createGuardRepo(database.db), createSessionRepo(database.db));
});

afterAll(async () => {
  await database.close();
});

describe('an address failing with many names', () => {
  it('is slowed from its 20th failure on, a step more each time up to 3 s, and never locked', async () => {
    const ip = '198.51.100.20';
    const delays: number[] = [];
    for (let i = 1; i <= LOGIN_LIMITS.perAddress + 14; i += 1) {
      await limiter.recordFailure({ userNameKey: `name${i}`, ip });
      const standing = await limiter.standing({ userNameKey: 'someone-else', ip });
      expect(standing.locked).toBe(false);
      expect(standing.addressSlowed).toBe(i >= LOGIN_LIMITS.perAddress);
      expect(await limiter.addressSlowed(ip)).toBe(standing.addressSlowed);
      delays.push(standing.failureDelayMs);
    }
    expect(delays.slice(0, LOGIN_LIMITS.perAddress - 1)).toEqual(Array(LOGIN_LIMITS.perAddress - 1).fill(0));
    expect(delays.slice(LOGIN_LIMITS.perAddress - 1, LOGIN_LIMITS.perAddress + 3)).toEqual([
      250, 500, 750, 1000,
    ]);
    expect(Math.max(...delays)).toBe(LOGIN_LIMITS.backoffMaxMs);
    expect(await limiter.addressSlowed('198.51.100.21')).toBe(false);
  });
});

describe('one name failing from one address', () => {
  it('locks that pair after 5 failures and nothing else', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < LOGIN_LIMITS.perPair; i += 1)
      await limiter.recordFailure({ userNameKey: 'victim', ip });
    expect(await limiter.standing({ userNameKey: 'victim', ip })).toEqual({
      locked: true,
      addressSlowed: false,
      failureDelayMs: 0,
    });
    expect((await limiter.standing({ userNameKey: 'other', ip })).locked).toBe(false);
    expect((await limiter.standing({ userNameKey: 'victim', ip: '198.51.100.31' })).locked).toBe(false);
  });
});
