import { describe, expect, it } from 'vitest';
import { loginRedirect } from './login-guard';
import { PATHS } from './paths';

const page = { handle: { title: '页面' } };
const flagged = { handle: { title: '我的', requiresLogin: true } };
const layout = { handle: undefined };

describe('login-required routes (docs/product.md §2)', () => {
  it('send a visitor with no stored user data to /login', () => {
    expect(loginRedirect([layout, flagged], false)).toBe(PATHS.login);
    expect(PATHS.login).toBe('/login');
  });

  it('let a visitor with stored user data through', () => {
    expect(loginRedirect([layout, flagged], true)).toBeNull();
  });

  it('leave unflagged routes open to everyone', () => {
    expect(loginRedirect([layout, page], false)).toBeNull();
    expect(loginRedirect([layout, { handle: { title: 'x', requiresLogin: false } }], false)).toBeNull();
    expect(loginRedirect([], false)).toBeNull();
  });

  it('cover the children of a flagged parent', () => {
    expect(loginRedirect([layout, flagged, page], false)).toBe(PATHS.login);
  });
});
