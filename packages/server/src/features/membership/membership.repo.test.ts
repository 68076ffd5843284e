import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { createTestDatabase } from '../../../test/db';
import { insertUser } from '../../../test/users';
import { createMembershipRepo, type MembershipRepo } from './membership.repo';

const DAY_MS = 24 * 3600 * 1000;
let database: Database;
let membership: MembershipRepo;

beforeAll(async () => {
  database = await createTestDatabase();
  membership = createMembershipRepo(database.db);
});

afterAll(async () => {
  await database.close();
});

const grant = (userId: string, days: number) =>
  membership.inTransaction((trx) => membership.extendVip({ userId, days, levelId: 2 }, trx));

/** Days from now until `until`, to the nearest tenth (the database clock runs on). */
const daysAhead = (until: Date | null) => Math.round(((until!.getTime() - Date.now()) / DAY_MS) * 10) / 10;

describe('extendVip', () => {
  it('makes a member VIP for the days granted, from now', async () => {
    const user = await insertUser(database.db);
    const after = await grant(user.id, 60);
    expect(after).toMatchObject({ levelId: 2, groupName: 'VIP会员' });
    expect(daysAhead(after.vipUntil)).toBe(60);
  });

  it('adds to a VIP that has not ended yet', async () => {
    const user = await insertUser(database.db, { levelId: 2, vipUntil: new Date(Date.now() + 10 * DAY_MS) });
    expect(daysAhead((await grant(user.id, 365)).vipUntil)).toBe(375);
  });

  it('starts again from now for a VIP that has ended', async () => {
    const user = await insertUser(database.db, { levelId: 2, vipUntil: new Date(Date.now() - 30 * DAY_MS) });
    const after = await grant(user.id, 60);
    expect(after.levelId).toBe(2);
    expect(daysAhead(after.vipUntil)).toBe(60);
  });

  it('changes nothing when the transaction that asked for it fails', async () => {
    const user = await insertUser(database.db);
    await expect(
      membership.inTransaction(async (trx) => {
        await membership.extendVip({ userId: user.id, days: 60, levelId: 2 }, trx);
        throw new Error('the order could not be marked paid');
      }),
    ).rejects.toThrow();
    const row = await database.db
      .selectFrom('users')
      .select(['level_id', 'vip_until'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ level_id: 1, vip_until: null });
  });
});
