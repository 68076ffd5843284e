import { ACCOUNT_API, API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createSessionRepo } from './session.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ago = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

describe('retention of logins', () => {
  it('removes logins ended 30 days ago, spent tokens past their end, and blanks old addresses', async () => {
    const member = await registerAndLogin(t);
    const again = async () =>
      (
        await t.send(
          'POST',
          API.login,
          { userName: member.userName, password: member.password },
          { 'user-agent': 'Phone/1' },
        )
      ).json().data as { accessToken: string; refreshToken: string };
    const [endedLong, endedRecently, expired] = [await again(), await again(), await again()];
    const db = t.database.db;
    const sessionOf = async (accessToken: string) => {
      const list = await t.get(ACCOUNT_API.sessions, {}, { authorization: `Bearer ${accessToken}` });
      return (list.json().data as { sessionId: string; current: boolean }[]).find((row) => row.current)!
        .sessionId;
    };
    const [longId, recentId, expiredId, liveId] = [
      await sessionOf(endedLong.accessToken),
      await sessionOf(endedRecently.accessToken),
      await sessionOf(expired.accessToken),
      await sessionOf(member.accessToken),
    ];
    await db
      .updateTable('login_sessions')
      .set({ revoked_at: ago(31) })
      .where('id', '=', longId)
      .execute();
    await db
      .updateTable('login_sessions')
      .set({ revoked_at: ago(3) })
      .where('id', '=', recentId)
      .execute();
    await db
      .updateTable('login_sessions')
      .set({ created_at: ago(200) })
      .where('id', 'in', [expiredId, liveId])
      .execute();
    await db
      .updateTable('refresh_tokens')
      .set({ expires_at: ago(40) })
      .where('session_id', '=', expiredId)
      .execute();

    const swept = await createSessionRepo(db).sweepRetention({ endedDays: 30, addressDays: 180 });
    expect(swept.logins).toBe(2);

    const left = await db
      .selectFrom('login_sessions')
      .select(['id', 'ip', 'user_agent'])
      .where('user_id', '=', member.userId)
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([liveId, recentId].sort());
    expect(left.find((row) => row.id === liveId)).toMatchObject({ ip: '', user_agent: '' });
    expect(left.find((row) => row.id === recentId)!.user_agent).toBe('Phone/1');
    const tokens = await db
      .selectFrom('refresh_tokens')
      .select('session_id')
      .where('session_id', 'in', [longId, expiredId])
      .execute();
    expect(tokens).toEqual([]);
  });
});
