import { describe, expect, it } from 'vitest';
import { hasMagnets, onlineBadge } from './card-badges';

describe('onlineBadge', () => {
  it('says 在线 for online works and 转码中 while transcoding', () => {
    expect(onlineBadge(1)).toEqual({ kind: 'online', text: '在线' });
    expect(onlineBadge(2)).toEqual({ kind: 'transcoding', text: '转码中' });
  });

  it('shows nothing for other values', () => {
    expect(onlineBadge(0)).toBeUndefined();
    expect(onlineBadge(7)).toBeUndefined();
  });
});

describe('hasMagnets', () => {
  it('is true only for isDht 1', () => {
    expect(hasMagnets({ isDht: 1 })).toBe(true);
    expect(hasMagnets({ isDht: 0 })).toBe(false);
  });
});
