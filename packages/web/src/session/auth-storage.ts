import { type AuthTokens, LIMITS } from '@yingku/contract';
import Cookies from 'js-cookie';
import { ApiError } from '../api/api-error';

/** Cookie holding the access token (docs/product.md §9: the token lives in a cookie). */
export const ACCESS_TOKEN_COOKIE = 'yingku-token';
/** Local storage key of the refresh token (docs/product.md §9: the refresh token lives in local storage). */
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

/**
 * Stores both tokens after a login or a refresh. The cookie lasts as long as a refresh token
 * does: an expired access token still in it earns a 401 and so a refresh (docs/product.md §8), where a
 * cookie gone with the browser session would make a returning user look logged out.
 */
export function setAuthTokens(tokens: AuthTokens): void {
  Cookies.set(ACCESS_TOKEN_COOKIE, tokens.accessToken, {
    sameSite: 'lax',
    path: '/',
    expires: LIMITS.refreshTokenDays,
    secure: globalThis.location?.protocol === 'https:',
  });
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
 * login-required route (docs/product.md §2). The server still decides what a token may do.
 */
export function hasStoredSession(): boolean {
  return getAccessToken() !== undefined || getRefreshToken() !== undefined;
}

/** What {@link renewStoredTokens} needs from outside: the token call, and what to forget on failure. */
export interface TokenRenewal {
  /** GET /v2/user/token with this refresh token: new tokens, or a rejection when refused. */
  requestTokens(refreshToken: string): Promise<AuthTokens>;
  /** Runs after a failed renewal has cleared the tokens (forget the signed-in user). */
  onEnded(): void;
}

/**
 * The refresh of docs/product.md §8's 401 rule: trades the stored refresh token for new tokens and stores
 * them (true). With no refresh token, or when the server refuses it, the login has ended: both
 * tokens are cleared, `onEnded` runs, and the answer is false. A refresh that failed on the way
 * (network, timeout, a proxy's or the server's own error) also answers false but keeps the
 * tokens: the next 401 tries again, instead of a deploy logging everyone out.
 */
export async function renewStoredTokens(renewal: TokenRenewal): Promise<boolean> {
  const seen = getRefreshToken();
  // One refresh across this browser's tabs: they share the stored tokens, and a second tab
  // presenting the token the first just rotated would revoke the whole login (a replay).
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return renewOnce(renewal, seen);
  return locks.request(REFRESH_LOCK, () => renewOnce(renewal, seen));
}

/** Name of the Web Lock a refresh holds. */
export const REFRESH_LOCK = 'yingku-token-refresh';

async function renewOnce({ requestTokens, onEnded }: TokenRenewal, seen: string | undefined) {
  const refreshToken = getRefreshToken();
  // Another tab renewed while this one waited for the lock: its tokens are ours too.
  if (refreshToken && refreshToken !== seen) return true;
  try {
    if (refreshToken) {
      setAuthTokens(await requestTokens(refreshToken));
      return true;
    }
  } catch (error) {
    if (saysNothingAboutLogin(error)) return false;
    // Refused (expired, revoked, replayed…): the login has ended.
  }
  clearAuthTokens();
  onEnded();
  return false;
}

/** A failure of the transport or of the server itself, not a refusal of the refresh token. */
function saysNothingAboutLogin(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'http') return true;
  return error.kind === 'code' && (error.code ?? 0) >= 500;
}
