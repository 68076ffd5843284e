import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_COOKIE,
  clearAuthTokens,
  getAccessToken,
  getRefreshToken,
  hasStoredSession,
  REFRESH_TOKEN_KEY,
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

describe('auth storage (SPEC §9: token in a cookie, refresh token in local storage)', () => {
  let storage: ReturnType<typeof fakeBrowserStorage>;
  beforeEach(() => {
    storage = fakeBrowserStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores, reads and clears both tokens where the spec keeps them', () => {
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
