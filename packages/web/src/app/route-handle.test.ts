import { describe, expect, it } from 'vitest';
import { activeTabPath } from './tabs';
import { currentHandle, documentTitle } from './route-handle';

describe('route metadata', () => {
  it("uses the deepest matched route's handle", () => {
    const matches = [{ handle: { title: '外层' } }, { handle: undefined }, { handle: { title: '首页' } }];
    expect(currentHandle(matches)).toEqual({ title: '首页' });
    expect(currentHandle([{ handle: undefined }])).toBeUndefined();
  });

  it('titles the document after the page', () => {
    expect(documentTitle('首页')).toBe('首页 - 影库');
    expect(documentTitle(undefined)).toBe('影库');
  });
});

describe('tab bar', () => {
  it('highlights the tab of the section a path is in', () => {
    expect(activeTabPath('/censored')).toBe('/censored');
    expect(activeTabPath('/western/1234567890123456')).toBe('/western');
    expect(activeTabPath('/user')).toBe('/user');
    expect(activeTabPath('/index')).toBeNull();
    expect(activeTabPath('/')).toBeNull();
  });
});
