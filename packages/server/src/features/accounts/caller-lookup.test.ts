import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { insertUser } from '../../../test/users';
import type { Database } from '../../db/connection';
import { createCallerLookup } from './session.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the caller of a request', () => {
  it('says whether the account has 两步验证 on and when the login was last re-confirmed', async () => {
    const db = database.db;
    const lookup = createCallerLookup(db);
    const user = await insertUser(db);
    const sessionId = randomUUID();
    await db.insertInto('login_sessions').values({ id: sessionId, user_id: user.id }).execute();
    const caller = () => lookup({ userId: user.id, sessionId });

    expect(await caller()).toEqual({ levelId: 1, roles: ['member'], twoFactor: false, reauthAt: null });
    // A set-up not confirmed yet is not in force.
    await db.insertInto('two_factor').values({ user_id: user.id, secret_sealed: 'v1.pending' }).execute();
    expect((await caller())?.twoFactor).toBe(false);
    const reauthAt = new Date('2026-12-04T08:00:00Z');
    await db
      .updateTable('two_factor')
      .set({ enabled_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    await db.updateTable('login_sessions').set({ reauth_at: reauthAt }).where('id', '=', sessionId).execute();
    expect(await caller()).toEqual({
      levelId: 1,
      roles: ['member'],
      twoFactor: true,
      reauthAt: reauthAt.getTime(),
    });

    await db
      .updateTable('login_sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', sessionId)
      .execute();
    expect(await caller()).toBeNull();
  });
});
