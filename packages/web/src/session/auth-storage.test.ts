import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError, timeoutError } from '../api/api-error';
import {
  ACCESS_TOKEN_COOKIE,
  clearAuthTokens,
  getAccessToken,
  getRefreshToken,
  hasStoredSession,
  REFRESH_TOKEN_KEY,
  renewStoredTokens,
  setAuthTokens,
} from './auth-storage';

/** Just enough of `document.cookie` (one jar, expiry in the past removes) and `localStorage`. */
function fakeBrowserStorage() {
  const cookies = new Map<string, string>();
  const document = {
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
      if (expires && new Date(expires.split('=')[1]!).getTime() < Date.now()) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('localStorage', localStorage);
  return { cookies, items };
}

describe('auth storage (docs/product.md §9: token in a cookie, refresh token in local storage)', () => {
  let storage: ReturnType<typeof fakeBrowserStorage>;
  beforeEach(() => {
    storage = fakeBrowserStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores, reads and clears both tokens where docs/product.md §9 keeps them', () => {
    expect(hasStoredSession()).toBe(false);
    setAuthTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(storage.cookies.get(ACCESS_TOKEN_COOKIE)).toBe('access-1');
    expect(storage.items.get(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(hasStoredSession()).toBe(true);

    clearAuthTokens();
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(hasStoredSession()).toBe(false);
  });

  it('counts a refresh token alone as stored user data', () => {
    storage.items.set(REFRESH_TOKEN_KEY, 'refresh-2');
    expect(hasStoredSession()).toBe(true);
  });
});

describe('renewStoredTokens (the refresh of docs/product.md §8)', () => {
  let storage: ReturnType<typeof fakeBrowserStorage>;
  beforeEach(() => {
    storage = fakeBrowserStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('trades the stored refresh token for new tokens and stores them', async () => {
    setAuthTokens({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    const requestTokens = vi.fn(async () => ({ accessToken: 'access-new', refreshToken: 'refresh-new' }));
    const onEnded = vi.fn();
    await expect(renewStoredTokens({ requestTokens, onEnded })).resolves.toBe(true);
    expect(requestTokens).toHaveBeenCalledWith('refresh-old');
    expect(getAccessToken()).toBe('access-new');
    expect(getRefreshToken()).toBe('refresh-new');
    expect(onEnded).not.toHaveBeenCalled();
  });

  it("refreshes once across tabs: a tab that waited for the lock takes the other tab's tokens", async () => {
    setAuthTokens({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    // Web Locks as a browser grants them: one holder at a time, in request order.
    let queue = Promise.resolve();
    const request = (_name: string, task: () => Promise<boolean>) => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    vi.stubGlobal('navigator', { locks: { request } });
    let release: () => void = () => {};
    const requestTokens = vi.fn(
      () =>
        new Promise<{ accessToken: string; refreshToken: string }>((resolve) => {
          release = () => resolve({ accessToken: 'access-new', refreshToken: 'refresh-new' });
        }),
    );
    const onEnded = vi.fn();
    const firstTab = renewStoredTokens({ requestTokens, onEnded });
    const secondTab = renewStoredTokens({ requestTokens, onEnded });
    await vi.waitFor(() => expect(requestTokens).toHaveBeenCalledTimes(1));
    release();
    await expect(Promise.all([firstTab, secondTab])).resolves.toEqual([true, true]);
    expect(requestTokens).toHaveBeenCalledTimes(1);
    expect(getRefreshToken()).toBe('refresh-new');
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('ends the login when no refresh token is stored, without asking the server', async () => {
    storage.cookies.set(ACCESS_TOKEN_COOKIE, 'access-stale');
    const requestTokens = vi.fn();
    const onEnded = vi.fn();
    await expect(renewStoredTokens({ requestTokens, onEnded })).resolves.toBe(false);
    expect(requestTokens).not.toHaveBeenCalled();
    expect(hasStoredSession()).toBe(false);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('ends the login when the server refuses the refresh token', async () => {
    setAuthTokens({ accessToken: 'access-old', refreshToken: 'refresh-replayed' });
    const onEnded = vi.fn();
    const refused = async () => {
      throw new ApiError('code', '认证失败', 401);
    };
    await expect(renewStoredTokens({ requestTokens: refused, onEnded })).resolves.toBe(false);
    expect(hasStoredSession()).toBe(false);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('keeps the tokens when the refresh failed on the way, not by refusal', async () => {
    setAuthTokens({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    const onEnded = vi.fn();
    const failures = [
      networkError(),
      timeoutError(),
      new ApiError('http', '系统接口502异常', 502),
      new ApiError('code', '系统未知错误，请反馈给管理员', 500),
    ];
    for (const failure of failures) {
      const unreachable = async () => {
        throw failure;
      };
      await expect(renewStoredTokens({ requestTokens: unreachable, onEnded })).resolves.toBe(false);
    }
    expect(getRefreshToken()).toBe('refresh-old');
    expect(onEnded).not.toHaveBeenCalled();
  });
});
