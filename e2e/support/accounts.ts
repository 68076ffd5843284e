import { randomBytes } from 'node:crypto';
import { API, API_BASE, type AuthTokens, signRequest } from '@yingku/contract';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_KEY } from '../../packages/web/src/session/auth-storage';
import type { BrowserContext, Page } from 'playwright-core';
import { ACCOUNT_TEXT } from '../../packages/web/src/features/account/texts';
import type { TestServer } from './server';

/** A member made through the real register and login calls. */
export interface TestMember extends AuthTokens {
  userId: string;
  userName: string;
  password: string;
}

/** The header of a logged-in call. */
export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/**
 * A signed call under /prod-api through `app.inject()`, as the web client makes it (with the
 * app id), plus `headers` (e.g. {@link bearer}). Answers the HTTP status and the body.
 */
export async function apiCall<T>(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT',
  apiPath: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; json: T }> {
  const { signSecret: secret, appId } = server.config;
  const signed = { appId, ...body };
  const query = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)]));
  const response = await server.app.inject({
    method,
    url: `${API_BASE}${apiPath}`,
    ...(method === 'GET' ? { query } : { payload: JSON.stringify(signed) }),
    headers: {
      'content-type': 'application/json;charset=utf-8',
      ...headers,
      ...signRequest({ params: method === 'GET' ? query : signed, secret, appId }),
    },
  });
  return { status: response.statusCode, json: response.json<T>() };
}

/** {@link apiCall} that must succeed: throws with the answer unless `code` is 200. */
export async function apiOk<T>(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT',
  apiPath: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const { status, json } = await apiCall<T & { code: number }>(server, method, apiPath, body, headers);
  if (status !== 200 || json.code !== 200) {
    throw new Error(`${method} ${apiPath}: ${status} ${JSON.stringify(json)}`);
  }
  return json;
}

let sequence = 0;

/** A user name no other test of this run uses: `prefix` + time + sequence (6–32 characters). */
export function uniqueUserName(prefix = 'member'): string {
  sequence += 1;
  return `${prefix}_${Date.now().toString(36)}_${process.pid}_${sequence}`.slice(0, 32);
}

/** Registers a fresh member and logs in through the real calls (the test server's captcha is off). */
export async function registerMember(server: TestServer, prefix?: string): Promise<TestMember> {
  const userName = uniqueUserName(prefix);
  // Unrelated to the name: a new password must pass the quality check (decision 067).
  const password = `Tide-${randomBytes(4).toString('hex')}-Lamp`;
  const registered = await apiOk<{ data: { userId: string } }>(server, 'POST', API.register, {
    userName,
    password,
    confirmPassword: password,
    email: `${userName}@example.com`,
  });
  const login = await apiOk<{ data: AuthTokens }>(server, 'POST', API.login, { userName, password });
  return { userId: registered.data.userId, userName, password, ...login.data };
}

/**
 * A login of its own for `member` (new tokens), for a tab that must not share a session with
 * the suite's other tabs: when an access token ends (15 min), the first tab to renew it rotates
 * the refresh token, and a tab seeded with the old one is logged out.
 */
export async function logInAgain(server: TestServer, member: TestMember): Promise<TestMember> {
  const { userName, password } = member;
  const login = await apiOk<{ data: AuthTokens }>(server, 'POST', API.login, { userName, password });
  return { ...member, ...login.data };
}

/**
 * Puts tokens where the web app keeps them (docs/product.md §9), before any page script runs: the access
 * token cookie, and the refresh token in local storage on the tab's first document only, so the
 * app's own later writes (a rotation, a logout) survive reloads.
 */
export async function seedSession(context: BrowserContext, baseUrl: string, tokens: AuthTokens) {
  await context.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: tokens.accessToken, url: baseUrl }]);
  await context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem(key!, value!);
      sessionStorage.setItem('seeded', '1');
    },
    [REFRESH_TOKEN_KEY, tokens.refreshToken],
  );
}

/**
 * Waits until the login or register form on the page can send, on a server whose captchas are
 * off: its fields are shown and its captcha row has gone. The form learns that captchas are off
 * from the captcha call's answer; until then it shows the row (loading) and asks for a captcha,
 * so a tap on its button would send nothing.
 */
export async function accountFormReady(page: Page): Promise<void> {
  await page.getByLabel(ACCOUNT_TEXT.userName, { exact: true }).waitFor();
  await page.getByLabel(ACCOUNT_TEXT.captcha, { exact: true }).waitFor({ state: 'detached' });
}
