import { API, REFRESH_TOKEN_HEADER, SERVER_MSG } from '@yingku/contract';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoggedInUser, registerAndLogin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAccessTokens } from '../../http/auth';
import { hashRefreshToken } from './accounts.service';
import { LOGIN_MAX_DAYS } from './login-limits';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const refresh = (token: string) => t.get(API.token, {}, { [REFRESH_TOKEN_HEADER]: token });
const info = (accessToken: string) => t.get(API.userInfo, {}, { authorization: `Bearer ${accessToken}` });

async function sessionOf(refreshToken: string) {
  const row = await t.database.db
    .selectFrom('refresh_tokens as t')
    .innerJoin('login_sessions as s', 's.id', 't.session_id')
    .select(['s.id', 's.revoked_at', 't.used_at'])
    .where('t.token_hash', '=', hashRefreshToken(refreshToken))
    .executeTakeFirstOrThrow();
  return row;
}

function expectUnauthorized(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ code: 401, msg: expect.any(String) });
}

describe('GET /v2/user/token', () => {
  it('rotates: a new pair, the old refresh token spent, the new access token working', async () => {
    const user = await registerAndLogin(t);
    const res = await refresh(user.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.refreshToken).not.toBe(user.refreshToken);
    expect((await info(next.accessToken)).statusCode).toBe(200);

    const spent = await sessionOf(user.refreshToken);
    expect(spent.used_at).toBeInstanceOf(Date);
    expect((await sessionOf(next.refreshToken)).id).toBe(spent.id);

    // The rotated chain keeps going.
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole login when a rotated token is replayed', async () => {
    const user = await registerAndLogin(t);
    const newest = (await refresh(user.refreshToken)).json().data;

    const replay = await refresh(user.refreshToken);
    expectUnauthorized(replay);
    expect(replay.json().msg).toBe(SERVER_MSG.tokenInvalid);
    expect((await sessionOf(user.refreshToken)).revoked_at).toBeInstanceOf(Date);

    expectUnauthorized(await refresh(newest.refreshToken));
    expectUnauthorized(await info(newest.accessToken));
    expectUnauthorized(await info(user.accessToken));
  });

  it('lets exactly one of two parallel refreshes with one token succeed', async () => {
    const user = await registerAndLogin(t);
    const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const issued = await t.database.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', (await sessionOf(user.refreshToken)).id)
      .execute();
    expect(issued).toHaveLength(2);
  });

  it('refuses an expired refresh token without ending the login', async () => {
    const user = await registerAndLogin(t);
    await sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 second'
      WHERE token_hash = ${hashRefreshToken(user.refreshToken)}`.execute(t.database.db);
    expectUnauthorized(await refresh(user.refreshToken));
    expect((await sessionOf(user.refreshToken)).revoked_at).toBeNull();
    expect((await info(user.accessToken)).statusCode).toBe(200);
  });

  it('ends a login at its absolute lifetime however recently it refreshed: members 90 days, staff 14', async () => {
    /** The login of `refreshToken` begun `days` ago, the token itself fresh. */
    const loginBegun = async (refreshToken: string, days: number) => {
      const { id } = await sessionOf(refreshToken);
      await sql`UPDATE login_sessions SET created_at = now() - make_interval(days => ${days})
        WHERE id = ${id}`.execute(t.database.db);
    };
    const nextToken = async (refreshToken: string) => {
      const res = await refresh(refreshToken);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { refreshToken: string }).refreshToken;
    };
    const member = await registerAndLogin(t);
    await loginBegun(member.refreshToken, LOGIN_MAX_DAYS.staff + 1);
    const memberNext = await nextToken(member.refreshToken);
    await loginBegun(memberNext, LOGIN_MAX_DAYS.member + 1);
    expectUnauthorized(await refresh(memberNext));

    const staff = await registerAndLogin(t);
    await t.database.db
      .updateTable('users')
      .set({ roles: sql<string[]>`ARRAY['member', 'support']::text[]` })
      .where('id', '=', staff.userId)
      .execute();
    await loginBegun(staff.refreshToken, LOGIN_MAX_DAYS.staff - 1);
    const staffNext = await nextToken(staff.refreshToken);
    await loginBegun(staffNext, LOGIN_MAX_DAYS.staff + 1);
    expectUnauthorized(await refresh(staffNext));
  });

  it('refuses a missing, unknown, malformed or access token', async () => {
    const user = await registerAndLogin(t);
    expectUnauthorized(await t.get(API.token));
    for (const token of [
      'A'.repeat(43),
      'short',
      `${user.refreshToken}x`,
      user.accessToken,
      ' '.repeat(10),
    ]) {
      expectUnauthorized(await refresh(token));
    }
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  let user: LoggedInUser;
  let sessionId: string;

  beforeAll(async () => {
    user = await registerAndLogin(t);
    sessionId = (await sessionOf(user.refreshToken)).id;
  });

  it('refuses an expired one', async () => {
    const expired = await createAccessTokens(t.config.jwtSecret, -10).issue({
      userId: user.userId,
      sessionId,
    });
    expectUnauthorized(await info(expired));
  });

  it('refuses a tampered one', async () => {
    const [header, payload, signature] = user.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const foreign = await new SignJWT({ sid: sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.userId)
      .setIssuer('yingku')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-0123456789abcdef0123456789'));
    for (const token of [
      `${header}.${otherUser}.${signature}`,
      `${header}.${payload}.${flipped}`,
      unsigned,
      foreign,
    ]) {
      expectUnauthorized(await info(token));
    }
  });

  it('refuses a refresh token sent as Bearer', async () => {
    expectUnauthorized(await info(user.refreshToken));
  });

  it('asks a caller without a token to log in (403)', async () => {
    const res = await t.get(API.userInfo);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /v2/user/logout', () => {
  it('ends that login: its access and refresh tokens stop at once, other logins go on', async () => {
    const user = await registerAndLogin(t);
    const other = (
      await t.send('POST', API.login, { userName: user.userName, password: user.password })
    ).json().data;

    const res = await t.send('POST', API.logout, { appId: 'test-app', isDht: 1 }, user.authHeader);
    expect(res.json()).toEqual({ code: 200, msg: expect.any(String) });

    expectUnauthorized(await info(user.accessToken));
    expectUnauthorized(await refresh(user.refreshToken));
    expect((await info(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('needs a login (403 without a token, 401 with an ended one)', async () => {
    expect((await t.send('POST', API.logout, {})).statusCode).toBe(403);
    const user = await registerAndLogin(t);
    await t.send('POST', API.logout, {}, user.authHeader);
    expectUnauthorized(await t.send('POST', API.logout, {}, user.authHeader));
  });
});

describe('GET /v2/user/getInfo', () => {
  it("answers the caller's user, level, roles and permissions", async () => {
    const user = await registerAndLogin(t);
    const res = await info(user.accessToken);
    expect(res.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      user: {
        userId: user.userId,
        userName: user.userName,
        avatar: '',
        email: expect.stringContaining('@'),
        vipUntil: null,
      },
      level: { levelId: 1, groupName: '普通会员', groupLevel: 1 },
      roles: ['member'],
      permissions: [],
    });
  });

  it('shows VIP while it lasts, with its end in Asia/Shanghai time', async () => {
    const user = await registerAndLogin(t);
    await sql`UPDATE users SET level_id = 2, vip_until = '2099-01-01T00:00:00Z' WHERE id = ${user.userId}`.execute(
      t.database.db,
    );
    const vip = (await info(user.accessToken)).json();
    expect(vip.level).toEqual({ levelId: 2, groupName: 'VIP会员', groupLevel: 2 });
    expect(vip.user.vipUntil).toBe('2099-01-01 08:00:00');

    await sql`UPDATE users SET vip_until = now() - interval '1 second' WHERE id = ${user.userId}`.execute(
      t.database.db,
    );
    expect((await info(user.accessToken)).json().level).toEqual({
      levelId: 1,
      groupName: '普通会员',
      groupLevel: 1,
    });
  });

  it('derives permissions from roles', async () => {
    const user = await registerAndLogin(t);
    await sql`UPDATE users SET roles = '{member,support}' WHERE id = ${user.userId}`.execute(t.database.db);
    const res = (await info(user.accessToken)).json();
    expect(res.roles).toEqual(['member', 'support']);
    expect(res.permissions).toEqual(['support.threads', 'users.read', 'users.manage', 'orders.read']);
  });

  it('shows only the caller, whatever the query says', async () => {
    const a = await registerAndLogin(t);
    const b = await registerAndLogin(t);
    const res = await t.get(API.userInfo, { userId: b.userId }, a.authHeader);
    expect(res.json().user.userId).toBe(a.userId);
  });
});
