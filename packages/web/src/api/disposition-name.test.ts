import { describe, expect, it } from 'vitest';
import { dispositionName } from './disposition-name';

describe('dispositionName', () => {
  it('reads either form of a name, and none', () => {
    expect(dispositionName('attachment; filename="a.zip"')).toBe('a.zip');
    expect(dispositionName("attachment; filename*=UTF-8''%E4%BC%9A.zip")).toBe('会.zip');
    expect(dispositionName('attachment; filename="b.zip"; filename*=UTF-8\'\'%E4%ZZ')).toBe('b.zip');
    expect(dispositionName('')).toBe('');
  });
});
