import { LIMITS } from '@yingku/contract';
import Cookies from 'js-cookie';
import { PATHS } from '../app/paths';

/** Cookies of the remember-password box (docs/product.md §5: user name, encoded password, the flag). */
export const REMEMBER_ME_COOKIES = {
  userName: 'yingku-login-name',
  password: 'yingku-login-password',
  rememberMe: 'yingku-remember-me',
} as const;

/**
 * Only the login page reads them, so only its document sees them: with this path the browser
 * neither exposes them to other pages' scripts nor sends them with API calls.
 */
const COOKIE_PATH = PATHS.login;

/** What the login form starts with when the box was ticked last time. */
export interface RememberedLogin {
  userName: string;
  password: string;
  rememberMe: boolean;
}

/**
 * The password as the cookie keeps it: base64 of its UTF-8 bytes. This is obfuscation, not
 * security — it keeps the password from being readable at a glance in the cookie list, but
 * anyone with access to this browser's cookies can decode it. docs/product.md §5 asks for "an encoded
 * password"; the real protection is that it lives only on the user's own device.
 */
export function encodePassword(password: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(password)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The password back from {@link encodePassword}; undefined for anything it did not produce. */
export function decodePassword(encoded: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * After a login: with the box ticked, keeps the user name, the encoded password and the flag for
 * {@link LIMITS.rememberMeDays} days; unticked, removes them (docs/product.md §5).
 */
export function saveLoginChoice(login: RememberedLogin): void {
  if (!login.rememberMe) {
    forgetRememberedLogin();
    return;
  }
  const options: Cookies.CookieAttributes = {
    expires: LIMITS.rememberMeDays,
    path: COOKIE_PATH,
    sameSite: 'strict',
    secure: globalThis.location?.protocol === 'https:',
  };
  Cookies.set(REMEMBER_ME_COOKIES.userName, login.userName, options);
  Cookies.set(REMEMBER_ME_COOKIES.password, encodePassword(login.password), options);
  Cookies.set(REMEMBER_ME_COOKIES.rememberMe, 'true', options);
}

export function forgetRememberedLogin(): void {
  for (const name of Object.values(REMEMBER_ME_COOKIES)) Cookies.remove(name, { path: COOKIE_PATH });
}

/** The remembered login, or undefined when the box was not ticked (or the cookies are unreadable). */
export function readRememberedLogin(): RememberedLogin | undefined {
  if (Cookies.get(REMEMBER_ME_COOKIES.rememberMe) !== 'true') return undefined;
  const userName = Cookies.get(REMEMBER_ME_COOKIES.userName) ?? '';
  const password = decodePassword(Cookies.get(REMEMBER_ME_COOKIES.password) ?? '') ?? '';
  return { userName, password, rememberMe: true };
}
