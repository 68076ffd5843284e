import { API, SERVER_MSG } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueUserName } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: true });
});

afterAll(async () => {
  await t.close();
});

/** A fresh captcha and its answer, read from the table (only a test may). */
async function captcha(): Promise<{ uuid: string; answer: string }> {
  const res = await t.get(API.captcha);
  expect(res.statusCode).toBe(200);
  const { uuid } = res.json() as { uuid: string };
  const row = await t.database.db
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', uuid)
    .executeTakeFirstOrThrow();
  return { uuid, answer: row.answer };
}

async function captchaRows(): Promise<number> {
  const row = await t.database.db
    .selectFrom('captchas')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function registerForm(extra: Record<string, unknown> = {}) {
  const userName = uniqueUserName('captcha');
  return {
    userName,
    password: 'secret-pass-1',
    confirmPassword: 'secret-pass-1',
    email: `${userName}@example.com`,
    ...extra,
  };
}

describe('GET /v2/user/captcha', () => {
  it('answers an SVG image, a uuid and the switch, and stores the answer for 2 minutes', async () => {
    const res = await t.get(API.captcha);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, captchaOnOff: true });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.img.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    const row = await t.database.db
      .selectFrom('captchas')
      .select(['answer', sql<number>`extract(epoch from expires_at - now())`.as('secondsLeft')])
      .where('id', '=', body.uuid)
      .executeTakeFirstOrThrow();
    expect(row.answer).toMatch(/^[a-z0-9]{4}$/);
    expect(Number(row.secondsLeft)).toBeGreaterThan(60);
    expect(Number(row.secondsLeft)).toBeLessThanOrEqual(120);
  });

  it('gives each call its own captcha', async () => {
    const a = await captcha();
    const b = await captcha();
    expect(a.uuid).not.toBe(b.uuid);
  });
});

describe('captcha checks on register and login', () => {
  it('accepts the right answer in any case, once', async () => {
    const { uuid, answer } = await captcha();
    const form = registerForm({ uuid, code: answer.toUpperCase() });
    expect((await t.send('POST', API.register, form)).statusCode).toBe(200);

    const again = await t.send('POST', API.register, { ...registerForm(), uuid, code: answer });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, msg: SERVER_MSG.captchaWrong });
  });

  it('spends a captcha on a wrong answer, so the right one no longer works', async () => {
    const { uuid, answer } = await captcha();
    const wrong = await t.send(
      'POST',
      API.register,
      registerForm({ uuid, code: answer === 'zzzz' ? 'yyyy' : 'zzzz' }),
    );
    expect(wrong.json()).toEqual({ code: 400, msg: SERVER_MSG.captchaWrong });
    const form = registerForm({ uuid, code: answer });
    const right = await t.send('POST', API.register, form);
    expect(right.json()).toEqual({ code: 400, msg: SERVER_MSG.captchaWrong });
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', form.userName)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('refuses an expired captcha and removes it', async () => {
    const { uuid, answer } = await captcha();
    await sql`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = ${uuid}`.execute(
      t.database.db,
    );
    const res = await t.send('POST', API.register, registerForm({ uuid, code: answer }));
    expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.captchaWrong });
    const left = await t.database.db
      .selectFrom('captchas')
      .select('id')
      .where('id', '=', uuid)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it('requires code and uuid while captchas are on', async () => {
    const { uuid } = await captcha();
    for (const extra of [{}, { uuid }, { code: 'abcd' }, { uuid, code: '' }]) {
      const res = await t.send('POST', API.register, registerForm(extra));
      expect(res.json(), JSON.stringify(extra)).toEqual({ code: 400, msg: SERVER_MSG.captchaRequired });
    }
  });

  it('refuses an unknown or malformed uuid', async () => {
    for (const uuid of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "'; DELETE FROM captchas; --",
    ]) {
      const res = await t.send('POST', API.register, registerForm({ uuid, code: 'abcd' }));
      expect(res.json(), uuid).toEqual({ code: 400, msg: SERVER_MSG.captchaWrong });
    }
  });

  it('guards login too: a wrong captcha is refused before the password is looked at', async () => {
    const first = await captcha();
    const form = registerForm({ uuid: first.uuid, code: first.answer });
    expect((await t.send('POST', API.register, form)).statusCode).toBe(200);

    const second = await captcha();
    const refused = await t.send('POST', API.login, {
      userName: form.userName,
      password: form.password,
      uuid: second.uuid,
      code: 'zzzz!',
    });
    expect(refused.json()).toEqual({ code: 400, msg: SERVER_MSG.captchaWrong });
    const failures = await t.database.db.selectFrom('login_failures').select('key').execute();
    expect(failures).toEqual([]);

    const third = await captcha();
    const ok = await t.send('POST', API.login, {
      userName: form.userName,
      password: form.password,
      uuid: third.uuid,
      code: third.answer,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.accessToken).toBeTruthy();
  });

  it('sweeps expired captchas when a new one is stored', async () => {
    await captcha();
    await sql`UPDATE captchas SET expires_at = now() - interval '1 second'`.execute(t.database.db);
    const before = await captchaRows();
    expect(before).toBeGreaterThan(0);
    await captcha();
    expect(await captchaRows()).toBe(1);
  });
});
