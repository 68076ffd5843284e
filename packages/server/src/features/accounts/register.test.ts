import { API, MSG, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, uniqueUserName } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

function form(extra: Record<string, unknown> = {}) {
  return {
    userName: uniqueUserName('reg'),
    password: 'secret-pass-1',
    confirmPassword: 'secret-pass-1',
    email: 'someone@example.com',
    ...extra,
  };
}

async function userCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function userRow(userName: string) {
  return t.database.db.selectFrom('users').selectAll().where('user_name', '=', userName).executeTakeFirst();
}

describe('GET /v2/user/captcha with captchas off', () => {
  it('says so and needs no code', async () => {
    const res = await t.get(API.captcha);
    expect(res.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      img: '',
      uuid: '',
      captchaOnOff: false,
    });
  });
});

describe('POST /v2/user/register', () => {
  it('creates the user with an argon2id hash (m=19456, t=2, p=1), level 1 and a default folder', async () => {
    const f = form({ appId: 'test-app', isDht: 1 });
    const res = await t.send('POST', API.register, f);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ userId: expect.stringMatching(/^\d+$/), userName: f.userName });

    const user = await userRow(f.userName);
    expect(user).toMatchObject({
      id: data.userId,
      email: f.email,
      level_id: 1,
      roles: ['member'],
      vip_until: null,
      user_name_key: f.userName.toLowerCase(),
    });
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.password_hash).not.toContain(f.password);

    const folders = await t.database.db
      .selectFrom('collect_folders')
      .selectAll()
      .where('user_id', '=', data.userId)
      .execute();
    expect(folders).toEqual([
      expect.objectContaining({ name: SERVER_MSG.defaultFolderName, is_default: true, work_count: 0 }),
    ]);
  });

  it('takes a 32-character password and refuses a 33-character one', async () => {
    const long = 'Amber-Kite-Wool-Fern-Moss-Pail-!';
    expect(long).toHaveLength(32);
    const accepted = form({ password: long, confirmPassword: long });
    expect((await t.send('POST', API.register, accepted)).statusCode).toBe(200);
    const login = await t.send('POST', API.login, { userName: accepted.userName, password: long });
    expect(login.statusCode).toBe(200);
    // Never truncated: the first 31 characters are not the password.
    const truncated = await t.send('POST', API.login, {
      userName: accepted.userName,
      password: long.slice(0, 31),
    });
    expect(truncated.statusCode).toBe(400);

    const before = await userCount();
    const tooLong = long + 'x';
    const refused = await t.send('POST', API.register, form({ password: tooLong, confirmPassword: tooLong }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain(SERVER_MSG.passwordTooLong);
    expect(await userCount()).toBe(before);
  });

  it('keeps a password exactly as typed, spaces included', async () => {
    const spaced = '  two words  ';
    const f = form({ password: spaced, confirmPassword: spaced });
    expect((await t.send('POST', API.register, f)).statusCode).toBe(200);
    expect((await t.send('POST', API.login, { userName: f.userName, password: spaced })).statusCode).toBe(
      200,
    );
    expect(
      (await t.send('POST', API.login, { userName: f.userName, password: spaced.trim() })).statusCode,
    ).toBe(400);
  });

  it('trims the user name', async () => {
    const name = uniqueUserName('trim');
    const res = await t.send('POST', API.register, form({ userName: `  ${name}  ` }));
    expect(res.json().data.userName).toBe(name);
    expect(await userRow(name)).toBeDefined();
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['user name under 6', { userName: 'abcde' }, MSG.userNameTooShort],
    ['user name under 6 after trimming', { userName: '  abcde  ' }, MSG.userNameTooShort],
    ['user name over 32', { userName: 'u'.repeat(33) }, SERVER_MSG.userNameTooLong],
    ['password under 8', { password: 'abcdefg', confirmPassword: 'abcdefg' }, MSG.passwordTooShort],
    [
      'password over 32',
      { password: 'p'.repeat(33), confirmPassword: 'p'.repeat(33) },
      SERVER_MSG.passwordTooLong,
    ],
    ['repeat under 8', { confirmPassword: 'abcdefg' }, MSG.passwordTooShort],
    ['passwords differ', { confirmPassword: 'secret-pass-2' }, MSG.passwordsDiffer],
    ['e-mail under 8', { email: 'a@b.cn' }, SERVER_MSG.emailTooShort],
    ['e-mail over 120', { email: `${'e'.repeat(110)}@example.com` }, SERVER_MSG.emailTooLong],
    ['e-mail malformed', { email: 'not-an-email-address' }, SERVER_MSG.emailInvalid],
    ['user name missing', { userName: undefined }, SERVER_MSG.badRequest],
    ['password not text', { password: 12345678, confirmPassword: 12345678 }, SERVER_MSG.badRequest],
    ['e-mail missing', { email: undefined }, SERVER_MSG.badRequest],
  ];
  it.each(cases)('refuses %s with its text and writes nothing', async (_name, extra, text) => {
    const before = await userCount();
    const f = form(extra);
    const res = await t.send('POST', API.register, JSON.parse(JSON.stringify(f)));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'msg']);
    // The texts of docs/product.md §5 come back exactly; the server's are named after the field.
    if (Object.values(MSG).includes(text as never)) expect(body.msg).toBe(text);
    else expect(body.msg).toContain(text);
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken name in any case and changes nothing', async () => {
    const first = form();
    await t.send('POST', API.register, first);
    const before = await userRow(first.userName);
    const count = await userCount();
    for (const userName of [first.userName, first.userName.toUpperCase()]) {
      const res = await t.send(
        'POST',
        API.register,
        form({ userName, password: 'other-pass-9', confirmPassword: 'other-pass-9' }),
      );
      expect(res.statusCode, userName).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.userNameTaken });
    }
    expect(await userCount()).toBe(count);
    expect(await userRow(first.userName)).toEqual(before);
  });

  it('lets exactly one of parallel registrations of a name through', async () => {
    const name = uniqueUserName('race');
    const names = [name, name.toUpperCase(), name, `${name[0]!.toUpperCase()}${name.slice(1)}`];
    const answers = await Promise.all(
      names.map((userName) => t.send('POST', API.register, form({ userName }))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) {
      expect(a.json()).toEqual({ code: 400, msg: SERVER_MSG.userNameTaken });
    }
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name_key', '=', name.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
    const folders = await t.database.db
      .selectFrom('collect_folders')
      .select('id')
      .where('user_id', '=', rows[0]!.id)
      .execute();
    expect(folders).toHaveLength(1);
  });

  it('lets no request field raise the level or the roles', async () => {
    const f = form({
      levelId: 2,
      level_id: 2,
      roles: ['admin'],
      vipUntil: '2099-01-01 00:00:00',
      groupLevel: 9,
      userId: '1',
    });
    const res = await t.send('POST', API.register, f);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).not.toBe('1');
    expect(await userRow(f.userName)).toMatchObject({ level_id: 1, roles: ['member'], vip_until: null });

    const login = await t.send('POST', API.login, {
      userName: f.userName,
      password: f.password,
      levelId: 2,
      roles: ['admin'],
    });
    const info = await t.get(
      API.userInfo,
      { levelId: 2 },
      { authorization: `Bearer ${login.json().data.accessToken}` },
    );
    expect(info.json()).toMatchObject({ level: { levelId: 1 }, roles: ['member'], permissions: [] });
  });

  it('is what registerAndLogin uses', async () => {
    const user = await registerAndLogin(t);
    const info = await t.get(API.userInfo, {}, user.authHeader);
    expect(info.json().user).toMatchObject({ userId: user.userId, userName: user.userName });
  });
});
