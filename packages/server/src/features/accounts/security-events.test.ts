import { API, REFRESH_TOKEN_HEADER } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { logLines } from '../../../test/log-lines';

const { stream, lines } = logLines();
/** The security events the app logged so far. */
const securityEvents = () => lines.filter((line) => line.msg === 'security event');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, { logStream: stream });
});
afterAll(async () => {
  await t.close();
});

describe('security events in the log', () => {
  it('logs a login, a failed one, a replayed refresh token and a logout, each with the user', async () => {
    const user = await registerAndLogin(t);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'login.succeeded', userId: user.userId }),
    );

    const wrong = await t.send('POST', API.login, { userName: user.userName, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'login.failed', userId: user.userId, level: 40 }),
    );
    // Neither password appears anywhere in what was logged.
    expect(JSON.stringify(lines)).not.toContain('not-the-password');
    expect(JSON.stringify(lines)).not.toContain(user.password);

    const refresh = (token: string) => t.get(API.token, {}, { [REFRESH_TOKEN_HEADER]: token });
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect(securityEvents()).toContainEqual(expect.objectContaining({ event: 'token.reused', level: 40 }));

    const again = await registerAndLogin(t);
    const out = await t.send('POST', API.logout, {}, again.authHeader);
    expect(out.statusCode).toBe(200);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'logout', userId: again.userId }),
    );
  });
});
