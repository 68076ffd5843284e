import { describe, expect, it } from 'vitest';
import { activeTabPath } from './tabs';

describe('activeTabPath: the tab bar follows the section (docs/product.md §2)', () => {
  it.each([
    '/censored',
    '/censored/1234567890123456',
    '/tags/index',
    '/tags/12',
    '/top',
    '/performer/index',
    '/performer/77',
    '/maker/index',
    '/maker/5',
    '/label/index',
    '/label/3',
    '/director/index',
    '/director/9',
    '/item/index',
    '/item/4',
    '/series/index',
    '/series/8',
  ])('%s is in 有码', (path) => {
    expect(activeTabPath(path)).toBe('/censored');
  });

  it.each([
    '/uncensored',
    '/uncensored/1234567890123456',
    '/tags/uncensored/index',
    '/tags/uncensored/12',
    '/top/uncensored',
    '/performer/uncensored/index',
    '/performer/uncensored/77',
    '/maker/uncensored/5',
  ])('%s is in 无码', (path) => {
    expect(activeTabPath(path)).toBe('/uncensored');
  });

  it.each([
    '/western',
    '/western/1234567890123456',
    '/tags/western/index',
    '/tags/western/3',
    '/top/western',
    '/maker/western/5',
  ])('%s is in 欧美', (path) => {
    expect(activeTabPath(path)).toBe('/western');
  });

  it('puts the member center in 我的', () => {
    expect(activeTabPath('/user')).toBe('/user');
    expect(activeTabPath('/user/')).toBe('/user');
  });

  it('highlights nothing elsewhere', () => {
    for (const path of [
      '/',
      '/index',
      '/search/abc',
      '/login',
      '/pay',
      '/no/such',
      '/constructor',
      '/users',
    ]) {
      expect(activeTabPath(path)).toBeNull();
    }
  });

  it('does not take a channel-named id for a channel where the section has none', () => {
    expect(activeTabPath('/performer/western')).toBe('/censored');
    expect(activeTabPath('/label/uncensored')).toBe('/censored');
  });
});
