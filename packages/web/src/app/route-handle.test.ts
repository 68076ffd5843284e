import { describe, expect, it } from 'vitest';
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
