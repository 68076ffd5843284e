import { randomBytes } from 'node:crypto';
import { API } from '@yingku/contract';
import type { TestApp } from './app';

export interface LoggedInUser {
  userId: string;
  userName: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** `{ authorization: 'Bearer …' }`, for the headers argument of `t.get` / `t.send`. */
  authHeader: { authorization: string };
}

let sequence = 0;

/** A user name no other call of {@link registerAndLogin} in this process returns. */
export function uniqueUserName(prefix = 'tester'): string {
  sequence += 1;
  return `${prefix}${process.pid}x${sequence}`;
}

/**
 * Registers a user and logs in through the real calls (the test app's captcha is off), failing
 * loudly if either call does not answer 200. The password is random, returned with the tokens.
 */
export async function registerAndLogin(
  t: TestApp,
  userName: string = uniqueUserName(),
): Promise<LoggedInUser> {
  // Unrelated to the name: a new password must pass the quality check (decision 067).
  const password = `Tide-${randomBytes(4).toString('hex')}-Lamp`;
  const registered = await t.send('POST', API.register, {
    userName,
    password,
    confirmPassword: password,
    email: `tester${++sequence}@example.com`,
  });
  if (registered.statusCode !== 200) throw new Error(`register ${userName}: ${registered.body}`);
  const { userId } = registered.json().data as { userId: string };

  const loggedIn = await t.send('POST', API.login, { userName, password });
  if (loggedIn.statusCode !== 200) throw new Error(`login ${userName}: ${loggedIn.body}`);
  const { accessToken, refreshToken } = loggedIn.json().data as { accessToken: string; refreshToken: string };
  return {
    userId,
    userName,
    password,
    accessToken,
    refreshToken,
    authHeader: { authorization: `Bearer ${accessToken}` },
  };
}
