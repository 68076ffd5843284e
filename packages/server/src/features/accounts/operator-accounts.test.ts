import { randomUUID } from 'node:crypto';
import { API, SERVER_MSG, STAFF_API, TWO_FACTOR_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectStaffOnly, giveSecondFactor } from '../../../test/staff';
import { insertUser } from '../../../test/users';
import {
  createOperatorAccounts,
  OPERATOR_EMAIL_PLACEHOLDER,
  type OperatorAccounts,
  randomPassword,
} from './operator-accounts.service';

let t: TestApp;
let accounts: OperatorAccounts;
beforeAll(async () => {
  t = await createTestApp();
  accounts = createOperatorAccounts(t.database.db);
});
afterAll(() => t.close());

const userRow = (id: string) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const login = (userName: string, password: string) => t.send('POST', API.login, { userName, password });

describe('randomPassword', () => {
  it('is 24 unambiguous characters, different every time, within registration’s rules', () => {
    const many = Array.from({ length: 200 }, randomPassword);
    expect(new Set(many).size).toBe(200);
    for (const p of many) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/);
  });
});

describe('operator accounts', () => {
  it('creates an admin that logs in through the real call and reaches the console', async () => {
    const password = randomPassword();
    const made = await accounts.ensure({ userName: ' first_admin ', roles: ['support', 'admin'], password });
    expect(made).toEqual({
      userId: expect.stringMatching(/^\d+$/),
      userName: 'first_admin',
      created: true,
      roles: ['member', 'support', 'admin'],
      passwordChanged: true,
      reEnabled: false,
    });
    const row = await userRow(made.userId);
    expect(row).toMatchObject({ user_name_key: 'first_admin', email: OPERATOR_EMAIL_PLACEHOLDER });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Every account has the default collect folder, as a registered one does.
    const folders = await t.database.db
      .selectFrom('collect_folders')
      .select('is_default')
      .where('user_id', '=', made.userId)
      .execute();
    expect(folders).toEqual([{ is_default: true }]);

    const res = await login('FIRST_ADMIN', password);
    expect(res.statusCode, res.body).toBe(200);
    const headers = { authorization: `Bearer ${res.json().data.accessToken}` };
    // The console opens once the new admin has a second factor (decision 071).
    expect((await t.get(STAFF_API.inbox, {}, headers)).json()).toEqual({
      code: 403,
      msg: TWO_FACTOR_MSG.enrolRequired,
    });
    await giveSecondFactor(t, made.userId);
    expect((await t.get(STAFF_API.inbox, {}, headers)).statusCode).toBe(200);
    expect(await accounts.canLogIn('first_admin', password)).toBe(true);
    expect(await accounts.canLogIn('first_admin', `${password}x`)).toBe(false);
  });

  it('grants roles to an existing account (any case), keeping its password and e-mail', async () => {
    const user = await insertUser(t.database.db, { userName: 'Existing01' });
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    const before = await userRow(user.id);

    const made = await accounts.ensure({
      userName: 'existing01',
      roles: ['support', 'admin'],
      email: 'x@y.example',
    });
    expect(made).toMatchObject({
      userName: 'Existing01',
      created: false,
      passwordChanged: false,
      reEnabled: true,
    });
    const after = await userRow(user.id);
    expect(after).toEqual({ ...before, roles: ['member', 'support', 'admin'], disabled_at: null });
  });

  it('sets a new password on request, ending the account’s live logins', async () => {
    const password = randomPassword();
    const { userId } = await accounts.ensure({ userName: 'reset_me01', roles: ['support'], password });
    const res = await login('reset_me01', password);
    const headers = { authorization: `Bearer ${res.json().data.accessToken}` };
    await giveSecondFactor(t, userId);
    expect((await t.get(STAFF_API.inbox, {}, headers)).statusCode).toBe(200);

    const next = randomPassword();
    const made = await accounts.ensure({ userName: 'reset_me01', roles: [], password: next });
    expect(made).toMatchObject({ created: false, passwordChanged: true, roles: ['member', 'support'] });
    expect((await t.get(STAFF_API.inbox, {}, headers)).statusCode).toBe(401);
    expect((await login('reset_me01', password)).statusCode).toBe(400);
    expect((await login('reset_me01', next)).statusCode).toBe(200);
    expect(await accounts.canLogIn('reset_me01', next)).toBe(true);
    expect((await userRow(userId)).roles).toEqual(['member', 'support']);
  });

  it('refuses what registration refuses, changing nothing', async () => {
    const cases: [Parameters<OperatorAccounts['ensure']>[0], RegExp][] = [
      [{ userName: 'short', roles: ['admin'], password: randomPassword() }, /user name/],
      [{ userName: 'x'.repeat(33), roles: ['admin'], password: randomPassword() }, /user name/],
      [{ userName: 'weakpass01', roles: ['admin'], password: 'seven77' }, /password/],
      [{ userName: 'weakpass01', roles: ['admin'], password: 'p'.repeat(33) }, /password/],
      [{ userName: 'bademail01', roles: ['admin'], password: randomPassword(), email: 'nope' }, /e-mail/],
      [{ userName: 'nopass0001', roles: ['admin'] }, /needs a password/],
    ];
    for (const [input, detail] of cases) {
      await expect(accounts.ensure(input), input.userName).rejects.toMatchObject({
        code: 400,
        message: SERVER_MSG.badRequest,
        detail: expect.stringMatching(detail),
      });
    }
    const names = ['weakpass01', 'bademail01', 'nopass0001'];
    const made = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name_key', 'in', names)
      .execute();
    expect(made).toEqual([]);
  });

  it('does not count a member, a disabled account or an unknown name as a staff login', async () => {
    const password = randomPassword();
    await accounts.ensure({ userName: 'plain_member', roles: [], password });
    expect(await accounts.canLogIn('plain_member', password)).toBe(false);
    expect(await accounts.canLogIn(`nobody_${randomUUID().slice(0, 8)}`, password)).toBe(false);

    const { userId } = await accounts.ensure({ userName: 'gone_staff', roles: ['support'], password });
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: new Date() })
      .where('id', '=', userId)
      .execute();
    expect(await accounts.canLogIn('gone_staff', password)).toBe(false);

    // A member made this way is only a member: the console refuses it.
    const res = await login('plain_member', password);
    expectStaffOnly(
      await t.get(STAFF_API.downloads, {}, { authorization: `Bearer ${res.json().data.accessToken}` }),
    );
  });
});
