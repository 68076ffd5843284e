import { API, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { FLOOD_LIMITS } from './flood-limits';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ floodLimits: true });
});

afterAll(async () => {
  await t.close();
});

describe('flood limits per client address', () => {
  it('answers 429 in the envelope past the register limit, and writes nothing', async () => {
    const tooShort = { userName: 'abc', password: 'x', confirmPassword: 'x', email: 'x' };
    for (let i = 0; i < FLOOD_LIMITS.register.max; i += 1) {
      expect((await t.send('POST', API.register, tooShort)).statusCode).toBe(400);
    }
    const valid = {
      userName: 'flood_user_1',
      password: 'flood-password',
      confirmPassword: 'flood-password',
      email: 'flood@example.com',
    };
    const res = await t.send('POST', API.register, valid);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, msg: SERVER_MSG.tooManyRequests });
    const users = await t.database.db.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
  });

  it('counts each call on its own: login still answers while register is limited', async () => {
    const res = await t.send('POST', API.login, { userName: 'flood_user_1', password: 'flood-password' });
    expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.loginFailed });
  });

  it('leaves calls without a limit alone', async () => {
    const res = await t.get(API.worksList);
    expect(res.statusCode).toBe(200);
  });
});
