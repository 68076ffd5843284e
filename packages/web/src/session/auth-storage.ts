import Cookies from 'js-cookie';

/** Cookie holding the access token (SPEC §9: the token lives in a cookie). */
export const ACCESS_TOKEN_COOKIE = 'yingku-token';
/** Local storage key of the refresh token (SPEC §9: the refresh token lives in local storage). */
export const REFRESH_TOKEN_KEY = 'yingku-refresh-token';

/** The stored access token, sent as `Authorization: Bearer …`; undefined when logged out. */
export function getAccessToken(): string | undefined {
  return Cookies.get(ACCESS_TOKEN_COOKIE) || undefined;
}

export function getRefreshToken(): string | undefined {
  try {
    return localStorage.getItem(REFRESH_TOKEN_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/** Stores both tokens after a login or a refresh (the accounts screens call this). */
export function setAuthTokens(tokens: { accessToken: string; refreshToken: string }): void {
  Cookies.set(ACCESS_TOKEN_COOKIE, tokens.accessToken, { sameSite: 'lax', path: '/' });
  try {
    localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  } catch {
    // Storage refused (private mode): the session lasts until the access token expires.
  }
}

/** Forgets both tokens: log out, a failed refresh, or the 403 dialog's 去登陆. */
export function clearAuthTokens(): void {
  Cookies.remove(ACCESS_TOKEN_COOKIE, { path: '/' });
  try {
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/**
 * Whether this browser holds user data of a login (a token of either kind): the test of a
 * login-required route (SPEC §2). The server still decides what a token may do.
 */
export function hasStoredSession(): boolean {
  return getAccessToken() !== undefined || getRefreshToken() !== undefined;
}
