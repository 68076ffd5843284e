import { LIMITS } from '@yingku/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodePassword,
  encodePassword,
  readRememberedLogin,
  REMEMBER_ME_COOKIES,
  saveLoginChoice,
} from './remember-me';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A cookie jar behind `document.cookie` that also keeps each cookie's attributes. */
function fakeCookieJar() {
  const jar = new Map<string, { value: string; attributes: string[] }>();
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, { value }]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expires = rest.find((a) => a.toLowerCase().startsWith('expires='));
      if (expires && new Date(expires.slice('expires='.length)).getTime() < Date.now()) jar.delete(name);
      else jar.set(name, { value, attributes: rest });
    },
  });
  return jar;
}

describe('remember-me (docs/product.md §5)', () => {
  let jar: ReturnType<typeof fakeCookieJar>;
  beforeEach(() => {
    jar = fakeCookieJar();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the user name, an encoded password and the flag for 30 days when ticked', () => {
    saveLoginChoice({ userName: '测试用户abc', password: 'pässwörd 密码', rememberMe: true });

    expect(readRememberedLogin()).toEqual({
      userName: '测试用户abc',
      password: 'pässwörd 密码',
      rememberMe: true,
    });
    const stored = jar.get(REMEMBER_ME_COOKIES.password)!;
    expect(stored.value).not.toContain('p%C3%A4ssw');
    expect(decodeURIComponent(stored.value)).toBe(encodePassword('pässwörd 密码'));
    for (const name of Object.values(REMEMBER_ME_COOKIES)) {
      const { attributes } = jar.get(name)!;
      expect(attributes).toContain('path=/login');
      const expires = new Date(attributes.find((a) => a.startsWith('expires='))!.slice(8)).getTime();
      expect(Math.abs(expires - (Date.now() + LIMITS.rememberMeDays * DAY_MS))).toBeLessThan(60_000);
    }
  });

  it('removes them when the box is not ticked', () => {
    saveLoginChoice({ userName: 'tester01', password: 'password1', rememberMe: true });
    saveLoginChoice({ userName: 'tester01', password: 'password1', rememberMe: false });
    expect(jar.size).toBe(0);
    expect(readRememberedLogin()).toBeUndefined();
  });

  it('remembers nothing without the flag, and an unreadable password as empty', () => {
    jar.set(REMEMBER_ME_COOKIES.userName, { value: 'tester01', attributes: [] });
    expect(readRememberedLogin()).toBeUndefined();

    jar.set(REMEMBER_ME_COOKIES.rememberMe, { value: 'true', attributes: [] });
    jar.set(REMEMBER_ME_COOKIES.password, { value: '%%%not-base64', attributes: [] });
    expect(readRememberedLogin()).toEqual({ userName: 'tester01', password: '', rememberMe: true });
  });
});

describe('password encoding', () => {
  it('round-trips any text, and refuses what it did not produce', () => {
    for (const password of ['password1', 'ünïcödé 密码 🙂', ' spaced ', '']) {
      const encoded = encodePassword(password);
      expect(encoded).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
      expect(decodePassword(encoded)).toBe(password);
    }
    expect(encodePassword('password1')).toBe('cGFzc3dvcmQx');
    expect(decodePassword('not base64!')).toBeUndefined();
    expect(decodePassword(btoa('\xff\xfe'))).toBeUndefined(); // not UTF-8
  });
});
