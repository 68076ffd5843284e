import { createHash } from 'node:crypto';
import { API, SERVER_MSG } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoggedInUser, registerAndLogin, uniqueUserName } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { LOGIN_LIMITS } from './login-limits';

let t: TestApp;

beforeAll(async () => {
  // As behind one reverse proxy that sets X-Forwarded-For: the test chooses the client address.
  t = await createTestApp({ trustProxy: true });
});

afterAll(async () => {
  await t.close();
});

/** A login from a given client address (trusted here, as behind a proxy). */
function loginFrom(
  ip: string,
  userName: string,
  password: string,
  captcha: { code?: string; uuid?: string } = {},
) {
  return t.send(
    'POST',
    API.login,
    { userName, password, ...captcha },
    { 'x-forwarded-for': ip, 'user-agent': 'test-agent/1.0' },
  );
}

/** The captcha call as a client at `ip` gets it. */
async function captchaFor(ip: string): Promise<{ captchaOnOff: boolean; uuid: string; img: string }> {
  return (await t.get(API.captcha, {}, { 'x-forwarded-for': ip })).json();
}

/** A captcha for `ip`, answered as a person reading the image would (the answer is only stored). */
async function solvedCaptcha(ip: string): Promise<{ code: string; uuid: string }> {
  const { uuid, captchaOnOff, img } = await captchaFor(ip);
  expect(captchaOnOff).toBe(true);
  expect(img).toMatch(/^data:image\/svg\+xml;base64,/);
  const row = await t.database.db
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', uuid)
    .executeTakeFirstOrThrow();
  return { code: row.answer, uuid };
}

async function failTimes(n: number, ip: string, userName: string) {
  for (let i = 0; i < n; i += 1) {
    const res = await loginFrom(ip, userName, 'wrong-password');
    expect(res.json(), `failure ${i + 1} from ${ip}`).toEqual({ code: 400, msg: SERVER_MSG.loginFailed });
  }
}

describe('client addresses', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const direct = await createTestApp();
    try {
      const name = uniqueUserName('direct');
      // Failures "from" many forged addresses all count against the one real address.
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i += 1) {
        await direct.send(
          'POST',
          API.login,
          { userName: `${name}${i}`, password: 'wrong-password' },
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
        );
      }
      // The real address is now slowed: it must pass a captcha, whatever it claims to be.
      const res = await direct.send(
        'POST',
        API.login,
        { userName: name, password: 'wrong-password' },
        { 'x-forwarded-for': '203.0.113.250' },
      );
      expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.captchaRequired });
    } finally {
      await direct.close();
    }
  });
});

describe('POST /v2/user/login', () => {
  let user: LoggedInUser;

  beforeAll(async () => {
    user = await registerAndLogin(t);
  });

  it('answers an access and a refresh token and records the login', async () => {
    const res = await loginFrom('198.51.100.7', user.userName, user.password);
    expect(res.statusCode).toBe(200);
    const { accessToken, refreshToken } = res.json().data;
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const db = t.database.db;
    const session = await db
      .selectFrom('login_sessions')
      .selectAll()
      .where('user_id', '=', user.userId)
      .where('ip', '=', '198.51.100.7')
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ user_agent: 'test-agent/1.0', revoked_at: null });
    const digest = createHash('sha256').update(refreshToken).digest('hex');
    const token = await db
      .selectFrom('refresh_tokens')
      .select([
        'session_id',
        'used_at',
        sql<number>`extract(epoch from expires_at - now()) / 86400`.as('days'),
      ])
      .where('token_hash', '=', digest)
      .executeTakeFirstOrThrow();
    expect(token).toMatchObject({ session_id: session.id, used_at: null });
    expect(Number(token.days)).toBeGreaterThan(29.9);
    expect(Number(token.days)).toBeLessThanOrEqual(30);
    const stored = await db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('token_hash', '=', refreshToken)
      .execute();
    expect(stored).toEqual([]);
    const row = await db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).toBeInstanceOf(Date);
  });

  it('matches the user name in any case', async () => {
    const res = await t.send('POST', API.login, {
      userName: user.userName.toUpperCase(),
      password: user.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives an unknown user and a wrong password the same answer', async () => {
    const unknown = await loginFrom('198.51.100.8', uniqueUserName('nobody'), 'some-password');
    const wrong = await loginFrom('198.51.100.8', user.userName, 'some-password');
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ code: 400, msg: SERVER_MSG.loginFailed });
  });

  it('refuses a short form with the texts of docs/product.md §5 before counting anything', async () => {
    const res = await loginFrom('198.51.100.9', 'abc', 'short');
    expect(res.statusCode).toBe(400);
    const rows = await t.database.db
      .selectFrom('login_failures')
      .select('key')
      .where('key', 'like', '%198.51.100.9%')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('failed-login limits', () => {
  it('locks one account from one address after 5 failures, not from another address', async () => {
    const user = await registerAndLogin(t);
    await failTimes(LOGIN_LIMITS.perPair, '203.0.113.1', user.userName);

    const locked = await loginFrom('203.0.113.1', user.userName, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, msg: SERVER_MSG.loginLocked });

    const elsewhere = await loginFrom('203.0.113.2', user.userName, user.password);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lifts the lock when its 15 minutes have passed', async () => {
    const user = await registerAndLogin(t);
    await failTimes(LOGIN_LIMITS.perPair, '203.0.113.3', user.userName);
    expect((await loginFrom('203.0.113.3', user.userName, user.password)).statusCode).toBe(429);

    await sql`UPDATE login_failures SET window_started_at = now() - interval '16 minutes',
      locked_until = now() - interval '1 minute' WHERE key LIKE ${'%203.0.113.3%'}`.execute(t.database.db);
    expect((await loginFrom('203.0.113.3', user.userName, user.password)).statusCode).toBe(200);
  });

  it('forgets the failures of a pair on success', async () => {
    const user = await registerAndLogin(t);
    await failTimes(LOGIN_LIMITS.perPair - 1, '203.0.113.4', user.userName);
    expect((await loginFrom('203.0.113.4', user.userName, user.password)).statusCode).toBe(200);
    await failTimes(LOGIN_LIMITS.perPair - 1, '203.0.113.4', user.userName);
    expect((await loginFrom('203.0.113.4', user.userName, user.password)).statusCode).toBe(200);
  });

  it('locks unknown names the same way (a lock tells nothing about the name)', async () => {
    const name = uniqueUserName('ghost');
    await failTimes(LOGIN_LIMITS.perPair, '203.0.113.5', name);
    const res = await loginFrom('203.0.113.5', name, 'wrong-password');
    expect(res.json()).toEqual({ code: 429, msg: SERVER_MSG.loginLocked });
  });

  it('slows an address that sprays many names, but never refuses the right password of another', async () => {
    // 20 failures of different names from one address: a spray — or a campus behind one NAT.
    const neighbour = await registerAndLogin(t);
    const ip = '203.0.113.6';
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i += 1) {
      await failTimes(1, ip, uniqueUserName('spray'));
    }
    // Captchas are off on this site, but not for this address any more.
    const withoutCaptcha = await loginFrom(ip, neighbour.userName, neighbour.password);
    expect(withoutCaptcha.json()).toEqual({ code: 400, msg: SERVER_MSG.captchaRequired });
    expect((await captchaFor('203.0.113.99')).captchaOnOff).toBe(false);

    // The neighbour solves it and is let in with their own password.
    const ok = await loginFrom(ip, neighbour.userName, neighbour.password, await solvedCaptcha(ip));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.accessToken).toEqual(expect.any(String));

    // The sprayer goes on failing (slowly: see login-limits.test.ts), and is never locked in the
    // neighbour's place: a wrong password is a failure, the right one still a login.
    const wrong = await loginFrom(ip, uniqueUserName('spray'), 'wrong-password', await solvedCaptcha(ip));
    expect(wrong.json()).toEqual({ code: 400, msg: SERVER_MSG.loginFailed });
    const again = await loginFrom(ip, neighbour.userName, neighbour.password, await solvedCaptcha(ip));
    expect(again.statusCode).toBe(200);

    // Elsewhere nothing changed.
    expect((await loginFrom('203.0.113.7', neighbour.userName, neighbour.password)).statusCode).toBe(200);
  });

  it('caps one account from many addresses, but never locks out an address it logged in from', async () => {
    const user = await registerAndLogin(t);
    expect((await loginFrom('192.0.2.200', user.userName, user.password)).statusCode).toBe(200);

    // Fewer than the pair limit from each address, so only the account ceiling is reached.
    const perAddress = LOGIN_LIMITS.perPair - 1;
    for (let done = 0, a = 1; done < LOGIN_LIMITS.perAccount; a += 1) {
      const n = Math.min(perAddress, LOGIN_LIMITS.perAccount - done);
      await failTimes(n, `192.0.2.${a}`, user.userName);
      done += n;
    }

    const stranger = await loginFrom('192.0.2.250', user.userName, user.password);
    expect(stranger.json()).toEqual({ code: 429, msg: SERVER_MSG.loginLocked });
    const owner = await loginFrom('192.0.2.200', user.userName, user.password);
    expect(owner.statusCode).toBe(200);
  });

  it('counts parallel failures without losing any', async () => {
    const user = await registerAndLogin(t);
    const ip = '203.0.113.9';
    await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perPair }, () => loginFrom(ip, user.userName, 'wrong-password')),
    );
    expect((await loginFrom(ip, user.userName, user.password)).statusCode).toBe(429);
  });
});
