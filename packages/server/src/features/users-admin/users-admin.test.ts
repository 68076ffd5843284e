import { API, fillPath, REFRESH_TOKEN_HEADER, SERVER_MSG, STAFF_API, TWO_FACTOR_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, uniqueUserName } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  expectBadRequest,
  expectLoginDialog,
  expectPermissionDenied,
  expectStaffOnly,
  giveSecondFactor,
  insertRoleCaller,
} from '../../../test/staff';
import { insertCaller, insertUser } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const userRow = (id: string) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const update = (id: string, body: Record<string, unknown>, headers: Headers) =>
  t.send('POST', fillPath(STAFF_API.user, { id }), body, headers);
const list = async (headers: Headers, keyword?: string) => {
  const res = await t.get(STAFF_API.users, { keyword, pageSize: 100 }, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; rows: { userId: string; userName: string }[] };
};

describe('staff user list', () => {
  it('finds users by name prefix (any case), exact id or e-mail, newest first', async () => {
    const staff = await insertRoleCaller(t, ['member', 'support', 'finance']);
    const prefix = `Findme${Date.now() % 100000}`;
    const first = await insertUser(t.database.db, { userName: `${prefix}a` });
    const second = await insertUser(t.database.db, { userName: `${prefix}b` });
    const byPrefix = await list(staff.headers, prefix.toLowerCase());
    expect(byPrefix.rows.map((r) => r.userId)).toEqual([second.id, first.id]);
    expect(byPrefix.total).toBe(2);

    expect((await list(staff.headers, first.id)).rows.map((r) => r.userId)).toEqual([first.id]);
    const email = `${first.userName.toUpperCase()}@EXAMPLE.COM`;
    expect((await list(staff.headers, email)).rows.map((r) => r.userId)).toEqual([first.id]);
    expect((await list(staff.headers, 'no_such_user_%')).rows).toEqual([]);

    const res = await t.get(STAFF_API.users, { keyword: first.userName }, staff.headers);
    expect(res.json().rows[0]).toEqual({
      userId: first.id,
      userName: first.userName,
      email: `${first.userName.toLowerCase()}@example.com`,
      levelId: 1,
      groupName: expect.any(String),
      vipUntil: null,
      roles: ['member'],
      disabled: false,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      lastLoginTime: null,
    });
  });
});

describe('staff user changes', () => {
  it('sets the VIP expiry (level 2 while it lies ahead) and ends VIP with null', async () => {
    const staff = await insertRoleCaller(t, ['member', 'support', 'finance']);
    const user = await insertCaller(t);
    const res = await update(
      user.user.id,
      { vipUntil: '2099-12-31 23:59:59', reason: '活动赠送' },
      staff.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ levelId: 2, vipUntil: '2099-12-31 23:59:59' });
    expect((await userRow(user.user.id)).vip_until?.toISOString()).toBe('2099-12-31T15:59:59.000Z');
    const info = await t.get(API.userInfo, {}, user.headers);
    expect(info.json().level.levelId).toBe(2);

    // A past expiry: the user is a member again.
    const past = await update(
      user.user.id,
      { vipUntil: '2020-01-01 00:00:00', reason: '更正' },
      staff.headers,
    );
    expect(past.json().data).toMatchObject({ levelId: 1, vipUntil: '2020-01-01 00:00:00' });

    const ended = await update(user.user.id, { vipUntil: null, reason: '退款' }, staff.headers);
    expect(ended.json().data).toMatchObject({ levelId: 1, vipUntil: null });
    expect((await t.get(API.userInfo, {}, user.headers)).json().level.levelId).toBe(1);
  });

  it('refuses bad input (400) and an unknown user (404), changing nothing', async () => {
    const staff = await insertRoleCaller(t, ['member', 'support', 'finance']);
    const user = await insertCaller(t);
    const before = await userRow(user.user.id);
    for (const vipUntil of ['2099-02-30 00:00:00', '2099-12-31', 'tomorrow', '2099-12-31 24:00:00', 5]) {
      expectBadRequest(await update(user.user.id, { vipUntil }, staff.headers), SERVER_MSG.vipUntilInvalid);
    }
    expectBadRequest(await update(user.user.id, {}, staff.headers), SERVER_MSG.nothingToChange);
    expectBadRequest(await update(user.user.id, { disabled: 'yes' }, staff.headers), SERVER_MSG.badRequest);
    const admin = await insertRoleCaller(t, ['member', 'admin']);
    expectBadRequest(await update(user.user.id, { roles: ['root'] }, admin.headers), SERVER_MSG.rolesInvalid);
    expect(await userRow(user.user.id)).toEqual(before);

    const missing = await update('999999999', { disabled: true }, staff.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: SERVER_MSG.userNotFound });
  });

  it('disables an account: its tokens stop at once (401), login is refused; re-enabled it logs in', async () => {
    const staff = await insertRoleCaller(t, ['member', 'support', 'finance']);
    const user = await registerAndLogin(t, uniqueUserName('disable'));
    expect((await t.get(API.userInfo, {}, user.authHeader)).statusCode).toBe(200);

    const res = await update(user.userId, { disabled: true }, staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: user.userId, disabled: true });
    expect((await userRow(user.userId)).disabled_at).toBeInstanceOf(Date);

    expect((await t.get(API.userInfo, {}, user.authHeader)).statusCode).toBe(401);
    const refreshed = await t.get(API.token, {}, { [REFRESH_TOKEN_HEADER]: user.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    const login = await t.send('POST', API.login, { userName: user.userName, password: user.password });
    expectBadRequest(login, SERVER_MSG.accountDisabled);
    // A wrong password still gets the usual answer: the state is told only to the owner.
    const wrong = await t.send('POST', API.login, { userName: user.userName, password: 'not-the-password' });
    expectBadRequest(wrong, SERVER_MSG.loginFailed);

    const enabled = await update(user.userId, { disabled: false }, staff.headers);
    expect(enabled.json().data.disabled).toBe(false);
    expect((await userRow(user.userId)).disabled_at).toBeNull();
    const again = await t.send('POST', API.login, { userName: user.userName, password: user.password });
    expect(again.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${again.json().data.accessToken}` };
    expect((await t.get(API.userInfo, {}, auth)).statusCode).toBe(200);
    // The logins ended by disabling stay ended.
    expect((await t.get(API.userInfo, {}, user.authHeader)).statusCode).toBe(401);
  });

  it('lets only staff.manage grant roles (other staff get 403) and keeps member', async () => {
    const staff = await insertRoleCaller(t, ['member', 'support', 'finance']);
    const admin = await insertRoleCaller(t, ['member', 'admin']);
    const user = await insertCaller(t);

    const refused = await update(user.user.id, { roles: ['member', 'support'] }, staff.headers);
    expectPermissionDenied(refused);
    expect((await userRow(user.user.id)).roles).toEqual(['member']);

    const granted = await update(user.user.id, { roles: ['support', 'support'] }, admin.headers);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.roles).toEqual(['member', 'support']);
    // The role works at once, once the new staff member has set up a second factor.
    expect((await t.get(STAFF_API.users, {}, user.headers)).json()).toEqual({
      code: 403,
      msg: TWO_FACTOR_MSG.enrolRequired,
    });
    await giveSecondFactor(t, user.user.id);
    expect((await t.get(STAFF_API.users, {}, user.headers)).statusCode).toBe(200);

    // Staff may not disable a staff account; an admin may.
    expectPermissionDenied(await update(user.user.id, { disabled: true }, staff.headers));
    expect((await update(user.user.id, { roles: ['member'] }, admin.headers)).json().data.roles).toEqual([
      'member',
    ]);
    expectStaffOnly(await t.get(STAFF_API.users, {}, user.headers));
  });

  it('keeps an admin from locking itself out', async () => {
    const admin = await insertRoleCaller(t, ['member', 'admin']);
    const id = admin.user.id;
    expectBadRequest(
      await update(id, { roles: ['member', 'support'] }, admin.headers),
      SERVER_MSG.cannotRemoveOwnAdmin,
    );
    expectBadRequest(await update(id, { disabled: true }, admin.headers), SERVER_MSG.cannotDisableSelf);
    const row = await userRow(id);
    expect([row.roles, row.disabled_at]).toEqual([['member', 'admin'], null]);
    const ok = await update(id, { roles: ['admin', 'support'] }, admin.headers);
    expect(ok.json().data.roles).toEqual(['member', 'support', 'admin']);
  });

  it('refuses a member (403 仅限客服人员) and a visitor (403 login dialog); nothing changes', async () => {
    const member = await insertCaller(t);
    const target = await insertCaller(t);
    const before = await userRow(target.user.id);
    const calls = (headers: Headers) => [
      t.get(STAFF_API.users, {}, headers),
      update(target.user.id, { disabled: true }, headers),
      update(target.user.id, { vipUntil: '2099-01-01 00:00:00' }, headers),
      update(target.user.id, { roles: ['member', 'admin'] }, headers),
      // Bad input too: the role is checked before the input is read.
      update(target.user.id, { vipUntil: 'bad' }, headers),
    ];
    for (const res of await Promise.all(calls(member.headers))) expectStaffOnly(res);
    for (const res of await Promise.all(calls({}))) expectLoginDialog(res);
    expect(await userRow(target.user.id)).toEqual(before);
  });
});
