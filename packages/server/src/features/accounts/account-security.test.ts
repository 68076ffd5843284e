import { ACCOUNT_API, API, fillPath, MSG, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoggedInUser, registerAndLogin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { logLines } from '../../../test/log-lines';
import { coarseAddress, deviceName } from './login-devices';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const { stream, lines } = logLines();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info', trustProxy: true }, { logStream: stream });
});
afterAll(async () => {
  await t.close();
});

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const info = (accessToken: string) => t.get(API.userInfo, {}, bearer(accessToken));
const sessions = (accessToken: string) => t.get(ACCOUNT_API.sessions, {}, bearer(accessToken));

/** Another login of the same account, from another device and address (trustProxy is on). */
async function loginAgain(user: LoggedInUser, userAgent: string, ip = '198.51.100.23') {
  const res = await t.send(
    'POST',
    API.login,
    { userName: user.userName, password: user.password },
    { 'user-agent': userAgent, 'x-forwarded-for': ip },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { accessToken: string; refreshToken: string };
}

describe('修改密码', () => {
  it('needs the current password; then the new one logs in, the old does not, other logins end', async () => {
    const user = await registerAndLogin(t);
    const phone = await loginAgain(user, IPHONE);
    const newPassword = 'a-new-pass-word-1';

    const wrong = await t.send(
      'POST',
      ACCOUNT_API.password,
      { oldPassword: 'not-my-password', newPassword, confirmPassword: newPassword },
      user.authHeader,
    );
    expect(wrong.json()).toEqual({ code: 400, msg: SERVER_MSG.currentPasswordWrong });
    expect((await info(phone.accessToken)).statusCode).toBe(200);

    const changed = await t.send(
      'POST',
      ACCOUNT_API.password,
      { oldPassword: user.password, newPassword, confirmPassword: newPassword },
      user.authHeader,
    );
    expect(changed.json()).toEqual({ code: 200, msg: expect.any(String), data: { endedSessions: 1 } });
    // This login goes on; the phone's is over, access and refresh token alike.
    expect((await info(user.accessToken)).statusCode).toBe(200);
    expect((await info(phone.accessToken)).statusCode).toBe(401);

    const oldLogin = await t.send('POST', API.login, { userName: user.userName, password: user.password });
    expect(oldLogin.json()).toEqual({ code: 400, msg: SERVER_MSG.loginFailed });
    const newLogin = await t.send('POST', API.login, { userName: user.userName, password: newPassword });
    expect(newLogin.statusCode).toBe(200);

    const events = lines.filter((line) => line.msg === 'security event');
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'password.change_failed', userId: user.userId, level: 40 }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'password.changed', userId: user.userId, endedSessions: 1 }),
    );
    expect(JSON.stringify(lines)).not.toContain(newPassword);
  });

  it('refuses a bad form with the form’s own text and changes nothing', async () => {
    const user = await registerAndLogin(t);
    const cases: [Record<string, unknown>, string][] = [
      [
        { oldPassword: '', newPassword: 'abcdefgh1', confirmPassword: 'abcdefgh1' },
        SERVER_MSG.currentPasswordRequired,
      ],
      [{ oldPassword: user.password, newPassword: 'short', confirmPassword: 'short' }, MSG.passwordTooShort],
      [
        { oldPassword: user.password, newPassword: 'x'.repeat(33), confirmPassword: 'x'.repeat(33) },
        SERVER_MSG.passwordTooLong,
      ],
      [
        { oldPassword: user.password, newPassword: 'abcdefgh1', confirmPassword: 'abcdefgh2' },
        MSG.passwordsDiffer,
      ],
      [
        { oldPassword: user.password, newPassword: user.password, confirmPassword: user.password },
        SERVER_MSG.passwordUnchanged,
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await t.send('POST', ACCOUNT_API.password, body, user.authHeader);
      // The texts of docs/product.md §5 exactly; the server's own named after the field.
      expect(res.json(), JSON.stringify(body)).toEqual({ code: 400, msg: expect.stringContaining(msg) });
    }
    const nul = await t.send(
      'POST',
      ACCOUNT_API.password,
      { oldPassword: user.password, newPassword: 'abc\u0000defgh', confirmPassword: 'abc\u0000defgh' },
      user.authHeader,
    );
    expect(nul.json()).toEqual({ code: 400, msg: expect.stringContaining(SERVER_MSG.badCharacters) });
    const anonymous = await t.send('POST', ACCOUNT_API.password, {
      oldPassword: user.password,
      newPassword: 'abcdefgh1',
      confirmPassword: 'abcdefgh1',
    });
    expect(anonymous.statusCode).toBe(403);
    // The password is the one it was.
    const login = await t.send('POST', API.login, { userName: user.userName, password: user.password });
    expect(login.statusCode).toBe(200);
  });

  it('of two changes at once, exactly one wins', async () => {
    const user = await registerAndLogin(t);
    const change = (to: string) =>
      t.send(
        'POST',
        ACCOUNT_API.password,
        { oldPassword: user.password, newPassword: to, confirmPassword: to },
        user.authHeader,
      );
    const answers = await Promise.all([change('first-new-pw-1'), change('second-new-pw-2')]);
    expect(answers.map((res) => res.json().code).sort()).toEqual([200, 400]);
    const winner = answers[0]!.json().code === 200 ? 'first-new-pw-1' : 'second-new-pw-2';
    const login = await t.send('POST', API.login, { userName: user.userName, password: winner });
    expect(login.statusCode).toBe(200);
  });
});

describe('登录设备', () => {
  it('lists live logins newest first with device, coarse address and times, this one marked', async () => {
    const user = await registerAndLogin(t);
    const phone = await loginAgain(user, IPHONE, '203.0.113.77');
    const res = await sessions(phone.accessToken);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      sessionId: string;
      device: string;
      address: string;
      current: boolean;
    }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      sessionId: expect.any(String),
      device: 'iPhone · Safari',
      address: '203.0.113.*',
      firstSeen: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      lastSeen: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      current: true,
    });
    expect(rows[1]!.current).toBe(false);
    // No one else's logins, and an ended one is gone from the list.
    const other = await registerAndLogin(t);
    expect(((await sessions(other.accessToken)).json().data as unknown[]).length).toBe(1);
    await t.send('POST', API.logout, {}, user.authHeader);
    expect(((await sessions(phone.accessToken)).json().data as unknown[]).length).toBe(1);
  });

  it('ends another device’s login, and not someone else’s', async () => {
    const user = await registerAndLogin(t);
    const phone = await loginAgain(user, ANDROID);
    const [phoneRow] = (await sessions(phone.accessToken)).json().data as { sessionId: string }[];
    const end = (sessionId: string, headers: Record<string, string>) =>
      t.send('POST', fillPath(ACCOUNT_API.sessionEnd, { sessionId }), {}, headers);

    const stranger = await registerAndLogin(t);
    expect((await end(phoneRow!.sessionId, stranger.authHeader)).json()).toEqual({
      code: 404,
      msg: SERVER_MSG.sessionNotFound,
    });
    expect((await info(phone.accessToken)).statusCode).toBe(200);

    expect((await end(phoneRow!.sessionId, user.authHeader)).json()).toEqual({
      code: 200,
      msg: expect.any(String),
    });
    expect((await info(phone.accessToken)).statusCode).toBe(401);
    expect((await t.get(API.token, {}, { 'refresh-token': phone.refreshToken })).statusCode).toBe(401);
    expect((await info(user.accessToken)).statusCode).toBe(200);
    // Twice, or an id that is no login at all: not found, nothing changed.
    for (const id of [phoneRow!.sessionId, 'not-a-uuid', '9'.repeat(40), 'a\u0000b']) {
      const res = await end(id, user.authHeader);
      expect([404, 400], res.body).toContain(res.json().code);
    }
    expect((await info(user.accessToken)).statusCode).toBe(200);
  });

  it('退出所有设备 ends every login, this one too', async () => {
    const user = await registerAndLogin(t);
    const phone = await loginAgain(user, IPHONE);
    const res = await t.send('POST', ACCOUNT_API.sessionsEndAll, {}, user.authHeader);
    expect(res.json()).toEqual({ code: 200, msg: expect.any(String), data: { endedSessions: 2 } });
    expect((await info(user.accessToken)).statusCode).toBe(401);
    expect((await info(phone.accessToken)).statusCode).toBe(401);
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'session.ended_all', userId: user.userId, endedSessions: 2 }),
    );
  });
});

describe('how a login is named', () => {
  it('names phones and browsers, and says nothing for an empty agent', () => {
    expect(deviceName(IPHONE)).toBe('iPhone · Safari');
    expect(deviceName(ANDROID)).toBe('Android · Chrome');
    expect(deviceName('')).toBe('');
    expect(deviceName('curl/8.5.0')).toBe('');
  });

  it('hides the last part of an address', () => {
    expect(coarseAddress('203.0.113.77')).toBe('203.0.113.*');
    expect(coarseAddress('::ffff:192.0.2.1')).toBe('192.0.2.*');
    expect(coarseAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:*');
    expect(coarseAddress('not an address')).toBe('');
  });
});
